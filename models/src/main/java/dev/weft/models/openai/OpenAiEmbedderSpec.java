package dev.weft.models.openai;

import dev.weft.context.embed.EmbedderIdentity;
import dev.weft.context.embed.EmbedderSpec;
import dev.weft.models.http.EndpointConfig;
import java.net.URI;
import java.time.Duration;
import java.util.Objects;

/**
 * An OpenAI-compatible {@code /v1/embeddings} endpoint (OpenAI, vLLM, Hugging Face TEI, Ollama). Holds the name
 * of the environment variable with the API key, never the key, so the spec can be serialized, logged and shipped
 * to Beam workers.
 *
 * @param baseUrl the server, e.g. {@code https://api.openai.com} or {@code http://127.0.0.1:8080}; a trailing
 *     {@code /v1} is accepted and not doubled
 * @param model the model name the server knows, sent as {@code model}
 * @param dims the vector length the model returns; a response of another length is an error
 * @param apiKeyEnv the environment variable holding the key ({@code null}: {@value #DEFAULT_API_KEY_ENV}); when
 *     it is unset or blank no {@code Authorization} header is sent
 * @param batchSize texts per request
 * @param timeout the deadline of one whole request (connect, send, headers and body), also the connect timeout
 * @param maxRetries retries after the first attempt on 429, 5xx, timeouts and I/O errors
 * @param breakerThreshold failed batches in a row after which a run stops calling the endpoint
 */
public record OpenAiEmbedderSpec(String baseUrl, String model, int dims, String apiKeyEnv, int batchSize,
    Duration timeout, int maxRetries, int breakerThreshold) implements EmbedderSpec {
  public static final String DEFAULT_API_KEY_ENV = "OPENAI_API_KEY";
  public static final int DEFAULT_BATCH_SIZE = 64;
  /** Generous for a CPU server embedding 64 long texts; a stalled server costs this per attempt. */
  public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(60);
  /** Three attempts a batch: enough to ride out a restart or a rate limit, short enough to fail in minutes. */
  public static final int DEFAULT_MAX_RETRIES = 2;
  public static final int MAX_RETRIES_LIMIT = 10;

  public OpenAiEmbedderSpec {
    Objects.requireNonNull(baseUrl, "baseUrl");
    Objects.requireNonNull(model, "model");
    Objects.requireNonNull(timeout, "timeout");
    baseUrl = EndpointConfig.normalizeBaseUrl("embedding base URL", baseUrl);
    if (model.isBlank()) {
      throw new IllegalArgumentException("embedding model name must not be blank, got: '" + model + "'");
    }
    if (dims < 1) {
      throw new IllegalArgumentException("embedding dims must be at least 1, got: " + dims);
    }
    apiKeyEnv = apiKeyEnv == null ? DEFAULT_API_KEY_ENV : apiKeyEnv;
    if (apiKeyEnv.isBlank()) {
      throw new IllegalArgumentException("API key variable name must not be blank, got: '" + apiKeyEnv + "'");
    }
    if (batchSize < 1) {
      throw new IllegalArgumentException("batch size must be at least 1, got: " + batchSize);
    }
    if (timeout.isNegative() || timeout.isZero()) {
      throw new IllegalArgumentException("request timeout must be positive, got: " + timeout);
    }
    if (maxRetries < 0 || maxRetries > MAX_RETRIES_LIMIT) {
      throw new IllegalArgumentException(
          "max retries must be between 0 and " + MAX_RETRIES_LIMIT + ", got: " + maxRetries);
    }
    if (breakerThreshold < 1) {
      throw new IllegalArgumentException(
          "failed batches before the breaker opens must be at least 1, got: " + breakerThreshold);
    }
  }

  /** As the canonical constructor, with the default breaker threshold. */
  public OpenAiEmbedderSpec(String baseUrl, String model, int dims, String apiKeyEnv, int batchSize,
      Duration timeout, int maxRetries) {
    this(baseUrl, model, dims, apiKeyEnv, batchSize, timeout, maxRetries, DEFAULT_BREAKER_THRESHOLD);
  }

  /**
   * The spec with the defaults: key in {@value #DEFAULT_API_KEY_ENV}, 64 texts a request, a 60 s deadline per
   * request, 2 retries, the breaker after 3 failed batches in a row.
   */
  public static OpenAiEmbedderSpec of(String baseUrl, String model, int dims) {
    return new OpenAiEmbedderSpec(baseUrl, model, dims, DEFAULT_API_KEY_ENV, DEFAULT_BATCH_SIZE, DEFAULT_TIMEOUT,
        DEFAULT_MAX_RETRIES, DEFAULT_BREAKER_THRESHOLD);
  }

  /** {@code openai:<model>}, so vectors of a server's model never mix with an in-process model's. */
  @Override
  public EmbedderIdentity identity() {
    return new EmbedderIdentity("openai:" + model, dims);
  }

  /** The endpoint: {@code baseUrl + /v1/embeddings}. */
  public URI endpoint() {
    return endpointConfig().endpoint("/embeddings");
  }

  @Override
  public OpenAiEmbedder create() {
    return new OpenAiEmbedder(this);
  }

  /** The endpoint part, as the chat client's is configured: the HTTP code both share is built from it. */
  public EndpointConfig endpointConfig() {
    return new EndpointConfig(baseUrl, model, apiKeyEnv, timeout, maxRetries);
  }
}
