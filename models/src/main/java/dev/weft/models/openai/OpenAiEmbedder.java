package dev.weft.models.openai;

import com.fasterxml.jackson.core.JsonProcessingException;
import dev.weft.context.embed.EmbedFailureReason;
import dev.weft.context.embed.EmbedderIdentity;
import dev.weft.context.embed.EmbeddingException;
import dev.weft.models.embed.QueryEmbedder;
import dev.weft.models.embed.Vectors;
import dev.weft.models.http.ApiKey;
import dev.weft.models.http.Backoff;
import dev.weft.models.http.HttpCallException;
import dev.weft.models.http.JsonHttp;
import dev.weft.models.http.Sleeper;
import java.net.URI;
import java.util.List;
import java.util.function.Function;

/**
 * Embeds through an OpenAI-compatible {@code POST /v1/embeddings}. Texts go in batches of the spec's batch size,
 * in order; each response is put back in order by its {@code index} field. The calls go through {@link JsonHttp}:
 * one deadline for each whole attempt, body included; 429, 5xx, timeouts and I/O errors retried up to
 * {@code maxRetries} times with the server's {@code Retry-After} or exponential backoff; any other status fails at
 * once. Vectors are L2-normalised (servers differ on whether they normalise) and must have the spec's dims. Blank texts are zero vectors and are not sent.
 *
 * <p>The API key is read once from the environment variable the spec names ({@link ApiKey}). It goes into
 * the {@code Authorization} header only: never into a message, an exception or {@link #toString()}; a server's
 * error text is scrubbed of it before it is quoted.
 */
public final class OpenAiEmbedder implements QueryEmbedder {
  private final OpenAiEmbedderSpec spec;
  private final EmbedderIdentity identity;
  private final URI endpoint;
  private final ApiKey apiKey;
  private final JsonHttp http;

  public OpenAiEmbedder(OpenAiEmbedderSpec spec) {
    this(spec, Sleeper.SYSTEM, System::getenv, Backoff.DEFAULT);
  }

  /** For tests: the waits go to {@code sleeper}, and {@code env} stands for {@link System#getenv(String)}. */
  public OpenAiEmbedder(OpenAiEmbedderSpec spec, Sleeper sleeper, Function<String, String> env) {
    this(spec, sleeper, env, Backoff.DEFAULT);
  }

  OpenAiEmbedder(OpenAiEmbedderSpec spec, Sleeper sleeper, Function<String, String> env, Backoff backoff) {
    this.spec = spec;
    this.identity = spec.identity();
    this.endpoint = spec.endpoint();
    this.apiKey = spec.endpointConfig().apiKey(env);
    this.http = spec.endpointConfig().http(apiKey, sleeper, backoff);
  }

  @Override
  public EmbedderIdentity identity() {
    return identity;
  }

  @Override
  public List<float[]> embed(List<String> texts) {
    // servers refuse empty input: blank texts stay zero vectors
    return Vectors.embedNonBlank(texts, identity.dims(), spec.batchSize(), this::embedBatch);
  }

  private List<float[]> embedBatch(List<String> batch) {
    byte[] body;
    try {
      body = JsonHttp.JSON.writeValueAsBytes(new EmbeddingsRequest(spec.model(), batch));
    } catch (JsonProcessingException e) {
      throw new EmbeddingException(describe(batch) + ": cannot write the request: " + e.getOriginalMessage(), e);
    }
    try {
      return parse(http.post(endpoint, body), batch.size());
    } catch (HttpCallException e) {
      throw new EmbeddingException(reason(e.kind()), e.describe(describe(batch)));
    }
  }

  private static EmbedFailureReason reason(HttpCallException.Kind kind) {
    return switch (kind) {
      case STATUS_429 -> EmbedFailureReason.HTTP_429;
      case STATUS_5XX -> EmbedFailureReason.HTTP_5XX;
      case STATUS_NOT_RETRIED -> EmbedFailureReason.HTTP_4XX;
      case TIMEOUT -> EmbedFailureReason.TIMEOUT;
      case CONNECT_REFUSED -> EmbedFailureReason.CONNECT_REFUSED;
      case IO_ERROR -> EmbedFailureReason.IO_ERROR;
      case MALFORMED_JSON -> EmbedFailureReason.BAD_JSON;
      case STREAM_CUT -> EmbedFailureReason.IO_ERROR; // the embedder never streams
      case INTERRUPTED, INTERRUPTED_WAITING, CANCELLED -> EmbedFailureReason.EMBEDDER_ERROR;
    };
  }

  private List<float[]> parse(String body, int expected) {
    EmbeddingsResponse response;
    try {
      response = JsonHttp.JSON.readValue(body, EmbeddingsResponse.class);
    } catch (JsonProcessingException e) {
      throw new EmbeddingException(EmbedFailureReason.BAD_JSON,
          "embedding response from " + endpoint + " is not the expected JSON: " + http.quote(body), e);
    }
    if (response == null) { // the body was the JSON literal null
      throw new EmbeddingException(EmbedFailureReason.BAD_JSON,
          "embedding response from " + endpoint + " is not the expected JSON: " + http.quote(body));
    }
    if (response.data() == null || response.data().size() != expected) {
      int got = response.data() == null ? 0 : response.data().size();
      throw new EmbeddingException(EmbedFailureReason.MISSING_VECTORS,
          "embedding response from " + endpoint + " has " + got + " vectors for " + expected + " inputs");
    }
    float[][] ordered = new float[expected][];
    for (EmbeddingsResponse.Item item : response.data()) {
      int index = item.index();
      if (index < 0 || index >= expected || ordered[index] != null) {
        throw new EmbeddingException(EmbedFailureReason.MISSING_VECTORS, "embedding response from " + endpoint
            + " has an out-of-range or repeated index " + index + " for " + expected + " inputs");
      }
      float[] vector = item.embedding();
      if (vector == null) {
        throw new EmbeddingException(EmbedFailureReason.MISSING_VECTORS, "embedding response from " + endpoint
            + " has no embedding at index " + index + " for " + expected + " inputs");
      }
      if (vector.length != identity.dims()) {
        throw new EmbeddingException(EmbedFailureReason.WRONG_DIMS, "model " + spec.model() + " at " + endpoint
            + " returned vectors of " + vector.length + " dims, but the spec says " + identity.dims());
      }
      ordered[index] = Vectors.normalizeInPlace(vector);
    }
    return List.of(ordered);
  }

  private String describe(List<String> batch) {
    return "embedding request to " + endpoint + " (model " + spec.model() + ", " + batch.size() + " texts)";
  }

  @Override
  public String toString() {
    return "OpenAiEmbedder[" + identity + " at " + endpoint + ", key from " + apiKey + "]";
  }

  record EmbeddingsRequest(String model, List<String> input) {}

  record EmbeddingsResponse(List<Item> data) {
    record Item(int index, float[] embedding) {}
  }
}
