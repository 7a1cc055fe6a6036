package dev.weft.models.http;

import java.io.Serializable;
import java.net.URI;
import java.net.URISyntaxException;
import java.time.Duration;
import java.util.Objects;
import java.util.function.Function;

/**
 * Where and how a model client calls an OpenAI-compatible server: base URL, model, the environment variable
 * holding the API key (its name, never the key), the deadline of one attempt and the retries. Validated on
 * construction; each refusal names the configuration key and the value ({@code timeout must be positive, got:
 * 0ms}). Serializable, so a Beam worker gets it and opens its own client.
 *
 * @param baseUrl {@code base-url}: e.g. {@code https://api.openai.com} or {@code http://127.0.0.1:8080}; trailing
 *     slashes dropped, a trailing {@code /v1} accepted and not doubled
 * @param model {@code model}: the model name the server knows
 * @param apiKeyEnv {@code api-key-env}: the variable with the key; when unset or blank no key is sent
 * @param timeout {@code timeout}: the deadline of each attempt as a whole (a streamed reply: the whole stream)
 * @param maxRetries {@code retries}: retries after the first attempt, 0 to {@value #MAX_RETRIES}
 */
public record EndpointConfig(String baseUrl, String model, String apiKeyEnv, Duration timeout, int maxRetries)
    implements Serializable {
  public static final String DEFAULT_API_KEY_ENV = "OPENAI_API_KEY";
  public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(60);
  public static final int DEFAULT_MAX_RETRIES = 2;
  public static final int MAX_RETRIES = 10;

  public EndpointConfig {
    baseUrl = normalizeBaseUrl("base-url", baseUrl);
    if (model == null || model.isBlank()) {
      throw new IllegalArgumentException("model must not be blank, got: '" + model + "'");
    }
    model = model.strip();
    if (apiKeyEnv == null || apiKeyEnv.isBlank()) {
      throw new IllegalArgumentException("api-key-env must not be blank, got: '" + apiKeyEnv + "'");
    }
    if (timeout == null || timeout.isNegative() || timeout.isZero()) {
      throw new IllegalArgumentException("timeout must be positive, got: "
          + (timeout == null ? "null" : timeout.toMillis() + "ms"));
    }
    if (maxRetries < 0 || maxRetries > MAX_RETRIES) {
      throw new IllegalArgumentException("retries must be between 0 and " + MAX_RETRIES + ", got: " + maxRetries);
    }
  }

  /** The defaults: the key in {@value #DEFAULT_API_KEY_ENV}, a 60 s deadline, 2 retries. */
  public static EndpointConfig of(String baseUrl, String model) {
    return new EndpointConfig(baseUrl, model, DEFAULT_API_KEY_ENV, DEFAULT_TIMEOUT, DEFAULT_MAX_RETRIES);
  }

  public EndpointConfig withTimeout(Duration timeout) {
    return new EndpointConfig(baseUrl, model, apiKeyEnv, timeout, maxRetries);
  }

  /** As {@link #withTimeout(Duration)} from the text form {@code 500ms}, {@code 10s}, {@code 2m}. */
  public EndpointConfig withTimeout(String timeout) {
    try {
      return withTimeout(SpecDurations.parse(timeout));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("timeout " + e.getMessage() + ", got: '" + timeout + "'", e);
    }
  }

  public EndpointConfig withMaxRetries(int maxRetries) {
    return new EndpointConfig(baseUrl, model, apiKeyEnv, timeout, maxRetries);
  }

  public EndpointConfig withApiKeyEnv(String apiKeyEnv) {
    return new EndpointConfig(baseUrl, model, apiKeyEnv, timeout, maxRetries);
  }

  /** {@code baseUrl + /v1 + path}, e.g. {@code endpoint("/chat/completions")}. */
  public URI endpoint(String path) {
    return URI.create(baseUrl + (baseUrl.endsWith("/v1") ? "" : "/v1") + path);
  }

  /** The key, read once from {@code env} (normally {@code System::getenv}). */
  public ApiKey apiKey(Function<String, String> env) {
    return ApiKey.fromEnv(apiKeyEnv, env);
  }

  /** The HTTP client this configuration calls through. */
  public JsonHttp http(ApiKey key, Sleeper sleeper, Backoff backoff) {
    return new JsonHttp(timeout, maxRetries, key, sleeper, backoff);
  }

  /**
   * {@code baseUrl} without trailing slashes, refused (naming {@code what}) unless it is an http(s) URL with a
   * host and without user info, query or fragment: credentials belong in the key variable, not in a URL that is
   * logged and stored.
   */
  public static String normalizeBaseUrl(String what, String baseUrl) {
    Objects.requireNonNull(baseUrl, what);
    String url = baseUrl.strip();
    while (url.endsWith("/")) {
      url = url.substring(0, url.length() - 1);
    }
    try {
      URI uri = new URI(url);
      String scheme = uri.getScheme();
      if (scheme == null || !(scheme.equals("http") || scheme.equals("https")) || uri.getHost() == null) {
        throw new IllegalArgumentException(
            what + " must be an http:// or https:// URL with a host, got: '" + baseUrl + "'");
      }
      if (uri.getRawUserInfo() != null || uri.getRawQuery() != null || uri.getRawFragment() != null) {
        throw new IllegalArgumentException(
            what + " must not carry user info, a query or a fragment, got: '" + uri.getHost() + "...'");
      }
    } catch (URISyntaxException e) {
      throw new IllegalArgumentException(what + " is not a valid URL, got: '" + baseUrl + "'", e);
    }
    return url;
  }

  /** Never the key: it is not here, only its variable's name. */
  @Override
  public String toString() {
    return "EndpointConfig[" + model + " at " + baseUrl + ", key from $" + apiKeyEnv + ", timeout "
        + SpecDurations.format(timeout) + ", retries " + maxRetries + "]";
  }
}
