package dev.weft.models.openai;

import dev.weft.context.embed.EmbedderIdentity;
import dev.weft.context.embed.EmbedderSpec;
import dev.weft.models.embed.EmbedderProvider;
import dev.weft.models.embed.SpecParts;
import dev.weft.models.http.SpecDurations;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * {@code openai:<model>@<baseUrl>#<dims>[?key=value&...]}: an OpenAI-compatible server. The model is everything up
 * to the first {@code @} (model names may hold {@code :} and {@code /}, as in {@code nomic-embed-text:latest} or
 * {@code BAAI/bge-small-en-v1.5}) and the dims follow the last {@code #} (a base URL has no fragment). The options
 * override the defaults of {@link OpenAiEmbedderSpec#of}: {@code timeout} (the whole-request deadline, {@code 500ms},
 * {@code 10s}, {@code 2m}), {@code retries}, {@code breaker} (failed batches in a row before the run stops calling
 * the endpoint), {@code batch} (texts per request) and {@code key} (the variable holding the API key).
 */
public final class OpenAiProvider implements EmbedderProvider {
  private static final String PREFIX = "openai:";
  static final List<String> OPTIONS = List.of("timeout", "retries", "breaker", "batch", "key");

  @Override
  public String scheme() {
    return "openai";
  }

  @Override
  public String syntax() {
    return "openai:<model>@<baseUrl>#<dims>[?timeout=60s&retries=2&breaker=3&batch=64&key=OPENAI_API_KEY] "
        + "(e.g. openai:text-embedding-3-small@https://api.openai.com#1536)";
  }

  @Override
  public boolean accepts(String value) {
    return value.startsWith(PREFIX);
  }

  @Override
  public EmbedderSpec parse(String value) {
    String rest = value.substring(PREFIX.length());
    int at = rest.indexOf('@');
    // a base URL may not carry a query, so the first '?' after the model starts the options
    int query = at < 0 ? -1 : rest.indexOf('?', at);
    String main = query < 0 ? rest : rest.substring(0, query);
    int hash = main.lastIndexOf('#');
    if (at <= 0 || hash < at + 2) {
      throw new IllegalArgumentException("openai: needs <model>@<baseUrl>#<dims>");
    }
    String model = main.substring(0, at);
    String baseUrl = main.substring(at + 1, hash);
    int dims = SpecParts.dims(main.substring(hash + 1));
    Map<String, String> options = query < 0 ? Map.of() : options(rest.substring(query + 1));
    return new OpenAiEmbedderSpec(baseUrl, model, dims,
        options.getOrDefault("key", OpenAiEmbedderSpec.DEFAULT_API_KEY_ENV),
        intOption(options, "batch", OpenAiEmbedderSpec.DEFAULT_BATCH_SIZE),
        durationOption(options, "timeout", OpenAiEmbedderSpec.DEFAULT_TIMEOUT),
        intOption(options, "retries", OpenAiEmbedderSpec.DEFAULT_MAX_RETRIES),
        intOption(options, "breaker", EmbedderSpec.DEFAULT_BREAKER_THRESHOLD));
  }

  /** The form {@link #parse} reads back, with only the options that differ from the defaults. */
  @Override
  public Optional<String> format(EmbedderSpec spec) {
    if (!(spec instanceof OpenAiEmbedderSpec openAi)) {
      return Optional.empty();
    }
    List<String> options = new ArrayList<>();
    if (!openAi.timeout().equals(OpenAiEmbedderSpec.DEFAULT_TIMEOUT)) {
      options.add("timeout=" + SpecDurations.format(openAi.timeout()));
    }
    if (openAi.maxRetries() != OpenAiEmbedderSpec.DEFAULT_MAX_RETRIES) {
      options.add("retries=" + openAi.maxRetries());
    }
    if (openAi.breakerThreshold() != EmbedderSpec.DEFAULT_BREAKER_THRESHOLD) {
      options.add("breaker=" + openAi.breakerThreshold());
    }
    if (openAi.batchSize() != OpenAiEmbedderSpec.DEFAULT_BATCH_SIZE) {
      options.add("batch=" + openAi.batchSize());
    }
    if (!openAi.apiKeyEnv().equals(OpenAiEmbedderSpec.DEFAULT_API_KEY_ENV)) {
      options.add("key=" + openAi.apiKeyEnv());
    }
    return Optional.of(PREFIX + openAi.model() + "@" + openAi.baseUrl() + "#" + openAi.dims()
        + (options.isEmpty() ? "" : "?" + String.join("&", options)));
  }

  /** Never from the identity alone: an endpoint needs its URL (the manifest's recorded spec has it). */
  @Override
  public Optional<EmbedderSpec> fromIdentity(EmbedderIdentity identity) {
    return Optional.empty();
  }

  /** {@code key=value&key=value}: every key known, none twice, no value empty. */
  private static Map<String, String> options(String query) {
    Map<String, String> options = new LinkedHashMap<>();
    for (String pair : query.split("&", -1)) {
      int eq = pair.indexOf('=');
      String key = eq < 0 ? pair.strip() : pair.substring(0, eq).strip().toLowerCase(Locale.ROOT);
      String v = eq < 0 ? "" : pair.substring(eq + 1).strip();
      if (!OPTIONS.contains(key)) {
        throw new IllegalArgumentException("option '" + key + "' is not one of " + String.join(", ", OPTIONS));
      }
      if (v.isEmpty()) {
        throw new IllegalArgumentException("option '" + key + "' needs a value, as in " + key + "=...");
      }
      if (options.put(key, v) != null) {
        throw new IllegalArgumentException("option '" + key + "' is given twice");
      }
    }
    return options;
  }

  private static int intOption(Map<String, String> options, String key, int fallback) {
    String v = options.get(key);
    if (v == null) {
      return fallback;
    }
    try {
      return Integer.parseInt(v);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("option '" + key + "' must be a whole number, got: '" + v + "'");
    }
  }

  private static Duration durationOption(Map<String, String> options, String key, Duration fallback) {
    String v = options.get(key);
    if (v == null) {
      return fallback;
    }
    try {
      return SpecDurations.parse(v);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("option '" + key + "' " + e.getMessage() + ", got: '" + v + "'");
    }
  }
}
