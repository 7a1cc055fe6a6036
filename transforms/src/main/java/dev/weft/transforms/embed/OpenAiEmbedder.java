package dev.weft.transforms.embed;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.weft.context.embed.EmbedFailureReason;
import dev.weft.context.embed.EmbedderIdentity;
import dev.weft.context.embed.EmbeddingException;
import java.io.IOException;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.channels.UnresolvedAddressException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;

/**
 * Embeds through an OpenAI-compatible {@code POST /v1/embeddings}. Texts go in batches of the spec's batch size,
 * in order; each response is put back in order by its {@code index} field. Each attempt has one deadline for the
 * whole exchange, body included. 429, 5xx, timeouts and I/O errors are retried up to {@code maxRetries} times with the server's {@code Retry-After} or exponential backoff (see
 * {@link Backoff}); any other status fails at once. Vectors are L2-normalised (servers differ on whether they
 * normalise) and must have the spec's dims. Blank texts are zero vectors and are not sent.
 *
 * <p>The API key is read once from the environment variable the spec names. It goes into the
 * {@code Authorization} header only: never into a message, an exception or {@link #toString()}; a server's error
 * text is scrubbed of it before it is quoted.
 */
public final class OpenAiEmbedder implements QueryEmbedder {
  private static final ObjectMapper JSON =
      new ObjectMapper().configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false);
  private static final int MAX_QUOTED_BODY = 300;

  private final OpenAiEmbedderSpec spec;
  private final EmbedderIdentity identity;
  private final URI endpoint;
  private final String apiKey;
  private final Sleeper sleeper;
  private final Backoff backoff;
  private final HttpClient client;

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
    String key = env.apply(spec.apiKeyEnv());
    this.apiKey = key == null || key.isBlank() ? null : key.strip();
    this.sleeper = sleeper;
    this.backoff = backoff;
    // HTTP/1.1: on cleartext the JDK's HTTP/2 default sends an h2c upgrade some local servers mishandle.
    this.client =
        HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(spec.timeout()).build();
  }

  @Override
  public EmbedderIdentity identity() {
    return identity;
  }

  @Override
  public List<float[]> embed(List<String> texts) {
    List<float[]> vectors = new ArrayList<>(texts.size());
    List<String> batch = new ArrayList<>(spec.batchSize());
    List<Integer> positions = new ArrayList<>(spec.batchSize());
    for (int i = 0; i < texts.size(); i++) {
      vectors.add(new float[identity.dims()]);
      if (Vectors.isBlank(texts.get(i))) {
        continue; // stays the zero vector; servers refuse empty input
      }
      batch.add(texts.get(i));
      positions.add(i);
      if (batch.size() == spec.batchSize()) {
        fill(vectors, positions, batch);
      }
    }
    if (!batch.isEmpty()) {
      fill(vectors, positions, batch);
    }
    return vectors;
  }

  private void fill(List<float[]> vectors, List<Integer> positions, List<String> batch) {
    List<float[]> embedded = embedBatch(batch);
    for (int j = 0; j < embedded.size(); j++) {
      vectors.set(positions.get(j), embedded.get(j));
    }
    batch.clear();
    positions.clear();
  }

  private List<float[]> embedBatch(List<String> batch) {
    HttpRequest request = request(batch);
    EmbedFailureReason lastReason = EmbedFailureReason.IO_ERROR;
    String lastFailure = "";
    for (int attempt = 0; attempt <= spec.maxRetries(); attempt++) {
      Duration wait;
      try {
        HttpResponse<String> response = send(request);
        int status = response.statusCode();
        if (status >= 200 && status < 300) {
          return parse(response.body(), batch.size());
        }
        lastFailure = "HTTP " + status + ": " + errorMessage(response.body());
        if (status != 429 && status < 500) {
          throw new EmbeddingException(EmbedFailureReason.HTTP_4XX,
              describe(batch) + " failed, not retried (only 429 and 5xx are): " + lastFailure);
        }
        lastReason = status == 429 ? EmbedFailureReason.HTTP_429 : EmbedFailureReason.HTTP_5XX;
        wait = backoff.waitBefore(attempt, response.headers().firstValue("retry-after"),
            response.headers().firstValue("retry-after-ms"));
      } catch (HttpTimeoutException | TimeoutException e) {
        lastReason = EmbedFailureReason.TIMEOUT;
        lastFailure = "no complete response within the deadline of " + SpecDurations.format(spec.timeout());
        wait = backoff.waitBefore(attempt, Optional.empty(), Optional.empty());
      } catch (ConnectException | UnresolvedAddressException e) {
        lastReason = EmbedFailureReason.CONNECT_REFUSED;
        lastFailure = "cannot connect: " + scrub(String.valueOf(e));
        wait = backoff.waitBefore(attempt, Optional.empty(), Optional.empty());
      } catch (IOException e) {
        lastReason = EmbedFailureReason.IO_ERROR;
        lastFailure = "I/O error: " + scrub(String.valueOf(e));
        wait = backoff.waitBefore(attempt, Optional.empty(), Optional.empty());
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new EmbeddingException(describe(batch) + " was interrupted");
      }
      if (attempt < spec.maxRetries()) {
        pause(wait, batch);
      }
    }
    throw new EmbeddingException(lastReason,
        describe(batch) + " failed after " + (spec.maxRetries() + 1) + " attempts, last: " + lastFailure);
  }

  /**
   * One attempt under one deadline for the whole exchange: {@link HttpRequest#timeout} stops at the response
   * headers, so a server that sends headers and then stalls the body would hold the caller forever. On the
   * deadline the exchange is cancelled, which closes its connection.
   */
  private HttpResponse<String> send(HttpRequest request)
      throws IOException, InterruptedException, TimeoutException {
    CompletableFuture<HttpResponse<String>> exchange =
        client.sendAsync(request, HttpResponse.BodyHandlers.ofString());
    try {
      return exchange.get(spec.timeout().toNanos(), TimeUnit.NANOSECONDS);
    } catch (ExecutionException e) {
      Throwable cause = e.getCause() instanceof CompletionException ce && ce.getCause() != null
          ? ce.getCause() : e.getCause();
      if (cause instanceof IOException io) {
        throw io;
      }
      if (cause instanceof UnresolvedAddressException unresolved) {
        throw unresolved;
      }
      throw new IOException(String.valueOf(cause), cause);
    } finally {
      exchange.cancel(true); // no-op when it completed; otherwise aborts the exchange and its connection
    }
  }

  private HttpRequest request(List<String> batch) {
    byte[] body;
    try {
      body = JSON.writeValueAsBytes(new EmbeddingsRequest(spec.model(), batch));
    } catch (JsonProcessingException e) {
      throw new EmbeddingException(describe(batch) + ": cannot write the request: " + e.getOriginalMessage(), e);
    }
    HttpRequest.Builder builder = HttpRequest.newBuilder(endpoint)
        .timeout(spec.timeout())
        .header("Content-Type", "application/json")
        .header("Accept", "application/json")
        .POST(HttpRequest.BodyPublishers.ofByteArray(body));
    if (apiKey != null) {
      builder.header("Authorization", "Bearer " + apiKey);
    }
    return builder.build();
  }

  private List<float[]> parse(String body, int expected) {
    EmbeddingsResponse response;
    try {
      response = JSON.readValue(body, EmbeddingsResponse.class);
    } catch (JsonProcessingException e) {
      throw new EmbeddingException(EmbedFailureReason.BAD_JSON,
          "embedding response from " + endpoint + " is not the expected JSON: " + quote(body), e);
    }
    if (response == null) { // the body was the JSON literal null
      throw new EmbeddingException(EmbedFailureReason.BAD_JSON,
          "embedding response from " + endpoint + " is not the expected JSON: " + quote(body));
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

  private void pause(Duration wait, List<String> batch) {
    try {
      sleeper.sleep(wait);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new EmbeddingException(describe(batch) + " was interrupted while waiting to retry");
    }
  }

  /** The server's error text: OpenAI's {@code error.message}, TEI/Ollama's {@code error}, vLLM's {@code message}. */
  private String errorMessage(String body) {
    try {
      JsonNode root = JSON.readTree(body);
      JsonNode error = root.path("error");
      if (error.isObject() && error.path("message").isTextual()) {
        return quote(error.path("message").asText());
      }
      if (error.isTextual()) {
        return quote(error.asText());
      }
      if (root.path("message").isTextual()) {
        return quote(root.path("message").asText());
      }
    } catch (JsonProcessingException | RuntimeException e) {
      // Not JSON (a proxy's HTML page, say): quote the start of the body instead.
    }
    return quote(body);
  }

  private String quote(String text) {
    // one line: messages end up in a one-line stderr report and in JSONL dead letters
    String t = text == null ? "" : text.strip().replaceAll("\\s+", " ");
    if (t.length() > MAX_QUOTED_BODY) {
      t = t.substring(0, MAX_QUOTED_BODY) + "...";
    }
    return "'" + scrub(t) + "'";
  }

  /** Removes the key from text a server or the network stack wrote, before it reaches a message. */
  private String scrub(String text) {
    return apiKey == null ? text : text.replace(apiKey, "[redacted]");
  }

  private String describe(List<String> batch) {
    return "embedding request to " + endpoint + " (model " + spec.model() + ", " + batch.size() + " texts)";
  }

  @Override
  public String toString() {
    return "OpenAiEmbedder[" + identity + " at " + endpoint + ", key from $" + spec.apiKeyEnv()
        + (apiKey == null ? " (unset)" : "") + "]";
  }

  record EmbeddingsRequest(String model, List<String> input) {}

  record EmbeddingsResponse(List<Item> data) {
    record Item(int index, float[] embedding) {}
  }
}
