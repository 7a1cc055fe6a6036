package dev.weft.models.http;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.weft.models.http.HttpCallException.Kind;
import java.io.IOException;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.channels.UnresolvedAddressException;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * JSON over HTTP as every Weft model client does it (the embedder now, the chat client next): one deadline for each
 * whole attempt, body included; 429, 5xx, timeouts and I/O errors retried with the server's {@code Retry-After} or
 * exponential backoff ({@link Backoff}); any other status fails at once; the API key in the {@code Authorization}
 * header and nowhere else; a server's error text quoted on one line, capped and scrubbed of the key.
 *
 * <p>HTTP/1.1: on cleartext the JDK's HTTP/2 default sends an {@code h2c} upgrade some local servers mishandle.
 */
public final class JsonHttp {
  /** Reads what servers send: fields a client does not know are ignored (servers add fields freely). */
  public static final ObjectMapper JSON =
      new ObjectMapper().configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false);
  private static final int MAX_QUOTED_BODY = 300;

  private final Duration timeout;
  private final int maxRetries;
  private final ApiKey key;
  private final Sleeper sleeper;
  private final Backoff backoff;
  private final HttpClient client;

  /**
   * @param timeout the deadline of each attempt as a whole (connect, send, headers and body), also the connect
   *     timeout
   * @param maxRetries retries after the first attempt
   * @param sleeper waits between attempts (tests record the waits instead)
   */
  public JsonHttp(Duration timeout, int maxRetries, ApiKey key, Sleeper sleeper, Backoff backoff) {
    this.timeout = Objects.requireNonNull(timeout, "timeout");
    if (maxRetries < 0) {
      throw new IllegalArgumentException("max retries must be at least 0, got: " + maxRetries);
    }
    this.maxRetries = maxRetries;
    this.key = Objects.requireNonNull(key, "key");
    this.sleeper = Objects.requireNonNull(sleeper, "sleeper");
    this.backoff = Objects.requireNonNull(backoff, "backoff");
    this.client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(timeout).build();
  }

  /**
   * POSTs {@code json} to {@code uri}, retrying as the class comment says.
   *
   * @return the body of the first 2xx response
   * @throws HttpCallException when no attempt got a 2xx, or the thread was interrupted
   */
  public String post(URI uri, byte[] json) throws HttpCallException {
    HttpRequest request = key.authorize(HttpRequest.newBuilder(uri)
            .timeout(timeout)
            .header("Content-Type", "application/json")
            .header("Accept", "application/json")
            .POST(HttpRequest.BodyPublishers.ofByteArray(json)))
        .build();
    Kind lastKind = Kind.IO_ERROR;
    String lastFailure = "";
    for (int attempt = 0; attempt <= maxRetries; attempt++) {
      Duration wait;
      try {
        HttpResponse<String> response = send(request);
        int status = response.statusCode();
        if (status >= 200 && status < 300) {
          return response.body();
        }
        lastFailure = "HTTP " + status + ": " + errorMessage(response.body());
        if (status != 429 && status < 500) {
          throw new HttpCallException(Kind.STATUS_NOT_RETRIED, attempt + 1, lastFailure);
        }
        lastKind = status == 429 ? Kind.STATUS_429 : Kind.STATUS_5XX;
        wait = backoff.waitBefore(attempt, response.headers().firstValue("retry-after"),
            response.headers().firstValue("retry-after-ms"));
      } catch (HttpTimeoutException | TimeoutException e) {
        lastKind = Kind.TIMEOUT;
        lastFailure = "no complete response within the deadline of " + SpecDurations.format(timeout);
        wait = backoff.waitBefore(attempt, Optional.empty(), Optional.empty());
      } catch (ConnectException | UnresolvedAddressException e) {
        lastKind = Kind.CONNECT_REFUSED;
        lastFailure = "cannot connect: " + key.scrub(String.valueOf(e));
        wait = backoff.waitBefore(attempt, Optional.empty(), Optional.empty());
      } catch (IOException e) {
        lastKind = Kind.IO_ERROR;
        lastFailure = "I/O error: " + key.scrub(String.valueOf(e));
        wait = backoff.waitBefore(attempt, Optional.empty(), Optional.empty());
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new HttpCallException(Kind.INTERRUPTED, attempt + 1, "interrupted");
      }
      if (attempt < maxRetries) {
        try {
          sleeper.sleep(wait);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          throw new HttpCallException(Kind.INTERRUPTED_WAITING, attempt + 1, lastFailure);
        }
      }
    }
    throw new HttpCallException(lastKind, maxRetries + 1, lastFailure);
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
      return exchange.get(timeout.toNanos(), TimeUnit.NANOSECONDS);
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

  /**
   * The server's error text from an error body: OpenAI's {@code error.message}, TEI's and Ollama's {@code error},
   * vLLM's {@code message}, else the start of the body (a proxy's HTML page, say); quoted as {@link #quote} does.
   */
  public String errorMessage(String body) {
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
      // Not JSON: quote the start of the body instead.
    }
    return quote(body);
  }

  /**
   * {@code text} in single quotes on one line (messages end up in a one-line stderr report and in JSONL dead
   * letters), cut after {@value #MAX_QUOTED_BODY} characters and scrubbed of the key.
   */
  public String quote(String text) {
    String t = text == null ? "" : text.strip().replaceAll("\\s+", " ");
    if (t.length() > MAX_QUOTED_BODY) {
      t = t.substring(0, MAX_QUOTED_BODY) + "...";
    }
    return "'" + key.scrub(t) + "'";
  }
}
