package dev.weft.transforms.embed;

import dev.weft.context.embed.EmbedderSpec;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The {@code --embedder} values of the CLI:
 *
 * <ul>
 *   <li>{@code onnx:bge-small} (or {@code bge-small}, or {@code default}): bge-small-en-v1.5, int8, in-process;
 *   <li>{@code onnx:minilm} (or {@code minilm}): all-MiniLM-L6-v2, int8, in-process, about twice as fast;
 *   <li>{@code hash:<dims>}: the deterministic trigram hash embedder, e.g. {@code hash:256};
 *   <li>{@code openai:<model>@<baseUrl>#<dims>[?key=value&...]}: an OpenAI-compatible server, e.g.
 *       {@code openai:text-embedding-3-small@https://api.openai.com#1536}, with the key in
 *       {@code $OPENAI_API_KEY} and the defaults of {@link OpenAiEmbedderSpec#of}; the options override them:
 *       {@code timeout} (the whole-request deadline, {@code 500ms}, {@code 10s}, {@code 2m}), {@code retries},
 *       {@code breaker} (failed batches in a row before the run stops calling the endpoint), {@code batch}
 *       (texts per request) and {@code key} (the variable holding the API key), e.g.
 *       {@code openai:nomic-embed-text@http://127.0.0.1:11434#768?timeout=10s&retries=1}.
 * </ul>
 *
 * <p>For {@code openai:} the model is everything up to the first {@code @} (model names may hold {@code :} and
 * {@code /}, as in {@code nomic-embed-text:latest} or {@code BAAI/bge-small-en-v1.5}) and the dims follow the last
 * {@code #} (a base URL has no fragment).
 */
public final class EmbedderSpecs {
  /**
   * The in-process model used when none is named: bge-small, which retrieved better than MiniLM on every
   * labelled set (docs/quality.md), though it embeds about half as fast on CPU (docs/embeddings.md).
   */
  public static final EmbedderSpec DEFAULT = new OnnxEmbedderSpec(OnnxModel.BGE_SMALL_EN_V15_Q);

  static final String ACCEPTED =
      "onnx:bge-small (aliases bge-small, default), onnx:minilm (alias minilm), hash:<dims> (e.g. hash:256), "
          + "openai:<model>@<baseUrl>#<dims>[?timeout=60s&retries=2&breaker=3&batch=64&key=OPENAI_API_KEY] "
          + "(e.g. openai:text-embedding-3-small@https://api.openai.com#1536)";
  static final List<String> OPENAI_OPTIONS = List.of("timeout", "retries", "breaker", "batch", "key");

  private EmbedderSpecs() {}

  /**
   * The spec {@code value} names.
   *
   * @throws IllegalArgumentException naming the value and the accepted forms
   */
  public static EmbedderSpec parse(String value) {
    if (value == null || value.isBlank()) {
      throw refused(value, "it is empty");
    }
    String v = value.strip();
    String lower = v.toLowerCase(Locale.ROOT);
    switch (lower) {
      case "onnx:minilm", "minilm":
        return new OnnxEmbedderSpec(OnnxModel.MINILM_L6_V2_Q);
      case "onnx:bge-small", "bge-small", "default":
        return new OnnxEmbedderSpec(OnnxModel.BGE_SMALL_EN_V15_Q);
      default:
        break;
    }
    if (lower.startsWith("hash:")) {
      return new HashEmbedderSpec(parseDims(value, v.substring("hash:".length())));
    }
    if (lower.startsWith("openai:")) {
      return parseOpenAi(value, v.substring("openai:".length()));
    }
    throw refused(value, "it names no known embedder");
  }

  private static EmbedderSpec parseOpenAi(String value, String rest) {
    int at = rest.indexOf('@');
    // a base URL may not carry a query, so the first '?' after the model starts the options
    int query = at < 0 ? -1 : rest.indexOf('?', at);
    String main = query < 0 ? rest : rest.substring(0, query);
    int hash = main.lastIndexOf('#');
    if (at <= 0 || hash < at + 2) {
      throw refused(value, "openai: needs <model>@<baseUrl>#<dims>");
    }
    String model = main.substring(0, at);
    String baseUrl = main.substring(at + 1, hash);
    int dims = parseDims(value, main.substring(hash + 1));
    Map<String, String> options = query < 0 ? Map.of() : options(value, rest.substring(query + 1));
    try {
      return new OpenAiEmbedderSpec(baseUrl, model, dims,
          options.getOrDefault("key", OpenAiEmbedderSpec.DEFAULT_API_KEY_ENV),
          intOption(value, options, "batch", OpenAiEmbedderSpec.DEFAULT_BATCH_SIZE),
          durationOption(value, options, "timeout", OpenAiEmbedderSpec.DEFAULT_TIMEOUT),
          intOption(value, options, "retries", OpenAiEmbedderSpec.DEFAULT_MAX_RETRIES),
          intOption(value, options, "breaker", EmbedderSpec.DEFAULT_BREAKER_THRESHOLD));
    } catch (IllegalArgumentException e) {
      if (e.getMessage().startsWith("unknown embedder")) {
        throw e;
      }
      throw refused(value, e.getMessage());
    }
  }

  /** {@code key=value&key=value}: every key known, none twice, no value empty. */
  private static Map<String, String> options(String value, String query) {
    Map<String, String> options = new LinkedHashMap<>();
    for (String pair : query.split("&", -1)) {
      int eq = pair.indexOf('=');
      String key = eq < 0 ? pair.strip() : pair.substring(0, eq).strip().toLowerCase(Locale.ROOT);
      String v = eq < 0 ? "" : pair.substring(eq + 1).strip();
      if (!OPENAI_OPTIONS.contains(key)) {
        throw refused(value, "option '" + key + "' is not one of " + String.join(", ", OPENAI_OPTIONS));
      }
      if (v.isEmpty()) {
        throw refused(value, "option '" + key + "' needs a value, as in " + key + "=...");
      }
      if (options.put(key, v) != null) {
        throw refused(value, "option '" + key + "' is given twice");
      }
    }
    return options;
  }

  private static int intOption(String value, Map<String, String> options, String key, int fallback) {
    String v = options.get(key);
    if (v == null) {
      return fallback;
    }
    try {
      return Integer.parseInt(v);
    } catch (NumberFormatException e) {
      throw refused(value, "option '" + key + "' must be a whole number, got: '" + v + "'");
    }
  }

  private static Duration durationOption(String value, Map<String, String> options, String key, Duration fallback) {
    String v = options.get(key);
    if (v == null) {
      return fallback;
    }
    try {
      return SpecDurations.parse(v);
    } catch (IllegalArgumentException e) {
      throw refused(value, "option '" + key + "' " + e.getMessage() + ", got: '" + v + "'");
    }
  }

  /**
   * The form {@link #parse} reads back into an equal spec, for the manifest: {@code onnx:bge-small},
   * {@code hash:64}, {@code openai:<model>@<baseUrl>#<dims>} with the options that differ from the defaults.
   * Empty for a spec of another kind (one built in code, as tests do).
   */
  public static Optional<String> format(EmbedderSpec spec) {
    if (spec instanceof OnnxEmbedderSpec onnx) {
      return Optional.of(onnx.model() == OnnxModel.MINILM_L6_V2_Q ? "onnx:minilm" : "onnx:bge-small");
    }
    if (spec instanceof HashEmbedderSpec hash) {
      return Optional.of("hash:" + hash.dims());
    }
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
    return Optional.of("openai:" + openAi.model() + "@" + openAi.baseUrl() + "#" + openAi.dims()
        + (options.isEmpty() ? "" : "?" + String.join("&", options)));
  }

  private static int parseDims(String value, String dims) {
    int parsed;
    try {
      parsed = Integer.parseInt(dims.strip());
    } catch (NumberFormatException e) {
      throw refused(value, "dims must be a whole number, got: '" + dims + "'");
    }
    if (parsed < 1) {
      throw refused(value, "dims must be at least 1, got: " + parsed);
    }
    return parsed;
  }

  private static IllegalArgumentException refused(String value, String why) {
    return new IllegalArgumentException(
        "unknown embedder '" + value + "' (" + why + "); accepted: " + ACCEPTED);
  }
}
