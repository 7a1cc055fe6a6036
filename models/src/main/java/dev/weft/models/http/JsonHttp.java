package dev.weft.models.http;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.weft.context.program.CancelSignal;
import dev.weft.models.http.HttpCallException.Kind;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodySubscribers;
import java.net.http.HttpTimeoutException;
import java.nio.channels.UnresolvedAddressException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;

/**
 * JSON over HTTP as every Weft model client does it (the embedder, the chat client): one deadline for each whole
 * attempt, body included — for a stream, the whole stream; 429, 5xx, timeouts, I/O errors and cut streams retried
 * with the server's {@code Retry-After} or exponential backoff ({@link Backoff}); any other status, a malformed
 * 2xx body and a body past {@link #MAX_REPLY_BYTES} (read no further) fail at once; a {@link CancelSignal} aborts the exchange in flight (closing its connection) and the
 * wait before a retry; the API key in the {@code Authorization} header and nowhere else; a server's error text
 * quoted on one line, capped and scrubbed of the key.
 *
 * <p>HTTP/1.1: on cleartext the JDK's HTTP/2 default sends an {@code h2c} upgrade some local servers mishandle.
 */
public final class JsonHttp {
  /** Reads what servers send: fields a client does not know are ignored (servers add fields freely). */
  public static final ObjectMapper JSON =
      new ObjectMapper().configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false);
  private static final int MAX_QUOTED_BODY = 300;
  /**
   * The most bytes of a reply body the client reads, a whole stream's included: Jackson's own cap on one string
   * value in characters (a reply's text is one string), so any body within it parses; past it the read stops and
   * the reply is refused as too large, never held whole in memory nor called "not JSON".
   */
  public static final int MAX_REPLY_BYTES = 20_000_000;

  private final Duration timeout;
  private final int maxRetries;
  private final ApiKey key;
  private final Sleeper sleeper;
  private final Backoff backoff;
  private final HttpClient client;
  private final int maxReplyBytes;

  /**
   * @param timeout the deadline of each attempt as a whole (connect, send, headers and body), also the connect
   *     timeout
   * @param maxRetries retries after the first attempt
   * @param sleeper waits between attempts (tests record the waits instead)
   */
  public JsonHttp(Duration timeout, int maxRetries, ApiKey key, Sleeper sleeper, Backoff backoff) {
    this(timeout, maxRetries, key, sleeper, backoff, MAX_REPLY_BYTES);
  }

  /** As above, with another bound on the bytes of a reply body (tests use a small one). */
  public JsonHttp(Duration timeout, int maxRetries, ApiKey key, Sleeper sleeper, Backoff backoff,
      int maxReplyBytes) {
    if (maxReplyBytes < 1) {
      throw new IllegalArgumentException("max reply bytes must be at least 1, got: " + maxReplyBytes);
    }
    this.maxReplyBytes = maxReplyBytes;
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
    return post(uri, json, CancelSignal.none());
  }

  /** As {@link #post(URI, byte[])}, aborted when {@code cancel} fires ({@link Kind#CANCELLED}). */
  public String post(URI uri, byte[] json, CancelSignal cancel) throws HttpCallException {
    return withRetries(cancel, () -> bodyOf(exchange(request(uri, json, "application/json"),
        bounded(HttpResponse.BodyHandlers.ofString()), new CompletableFuture<>(), cancel)));
  }

  /**
   * As {@link #post(URI, byte[], CancelSignal)}, the body read as JSON: a 2xx body that is not JSON is
   * {@link Kind#MALFORMED_JSON}, not retried.
   */
  public JsonNode postJson(URI uri, byte[] json, CancelSignal cancel) throws HttpCallException {
    return withRetries(cancel, () -> {
      String body = bodyOf(exchange(request(uri, json, "application/json"),
          bounded(HttpResponse.BodyHandlers.ofString()), new CompletableFuture<>(), cancel));
      try {
        JsonNode node = JSON.readTree(body);
        if (node == null || node.isMissingNode()) {
          throw new Failure(Kind.MALFORMED_JSON, false, "the reply is empty");
        }
        return node;
      } catch (StreamConstraintsException e) {
        throw new Failure(Kind.MALFORMED_JSON, false, "the reply is too large or too deep for the JSON parser: "
            + e.getOriginalMessage());
      } catch (JsonProcessingException e) {
        throw new Failure(Kind.MALFORMED_JSON, false, "the reply is not JSON: " + quote(body));
      }
    });
  }

  /**
   * POSTs {@code json} and reads the reply as server-sent events into a sink, until the {@code [DONE]} marker.
   * Each attempt gets a fresh sink from {@code newSink}, so a retried stream starts over and a late event of an
   * abandoned attempt cannot reach the sink that answers. The deadline covers each attempt's whole stream: a
   * server that stalls mid-stream is cut at it ({@link Kind#TIMEOUT}); a stream that ends or drops before
   * {@code [DONE]} is {@link Kind#STREAM_CUT}; both are retried. An event the sink refuses is
   * {@link Kind#MALFORMED_JSON}, not retried, and the exchange is aborted at once.
   *
   * @return the sink of the attempt that completed
   */
  public <S extends StreamSink> S stream(URI uri, byte[] json, CancelSignal cancel, Supplier<S> newSink)
      throws HttpCallException {
    return withRetries(cancel, () -> {
      S sink = newSink.get();
      SseSubscriber events = new SseSubscriber(sink);
      AtomicBoolean started = new AtomicBoolean();
      HttpResponse.BodyHandler<String> handler = bounded(info -> {
        if (info.statusCode() < 200 || info.statusCode() >= 300) {
          return BodySubscribers.ofString(StandardCharsets.UTF_8); // the error text
        }
        started.set(true);
        return BodySubscribers.fromLineSubscriber(events, subscriber -> "", StandardCharsets.UTF_8, null);
      });
      HttpResponse<String> response;
      try {
        response = exchange(request(uri, json, "text/event-stream"), handler, events.malformed, cancel);
      } catch (Failure f) {
        if (started.get() && (f.kind == Kind.IO_ERROR || f.kind == Kind.CONNECT_REFUSED)) {
          throw new Failure(Kind.STREAM_CUT, true, "the stream was cut: " + f.message);
        }
        throw f;
      }
      if (events.malformed.isDone()) {
        throw new Failure(Kind.MALFORMED_JSON, false, key.scrub(events.malformed.join().getMessage()));
      }
      bodyOf(response);
      if (!events.done()) {
        throw new Failure(Kind.STREAM_CUT, true, "the stream ended before its [DONE]");
      }
      return sink;
    });
  }

  /**
   * {@code handler}'s body read to at most {@link #maxReplyBytes} bytes ({@link BoundedBody}): an error body, a
   * reply, or a whole stream, so no server can make the client hold more.
   */
  private <T> HttpResponse.BodyHandler<T> bounded(HttpResponse.BodyHandler<T> handler) {
    return info -> new BoundedBody<>(handler.apply(info), maxReplyBytes);
  }

  private HttpRequest request(URI uri, byte[] json, String accept) {
    return key.authorize(HttpRequest.newBuilder(uri)
            .timeout(timeout)
            .header("Content-Type", "application/json")
            .header("Accept", accept)
            .POST(HttpRequest.BodyPublishers.ofByteArray(json)))
        .build();
  }

  /** One attempt; a {@link Failure} says whether it may be retried. */
  @FunctionalInterface
  private interface Attempt<T> {
    T run() throws Failure, InterruptedException;
  }

  /** Why one attempt failed, and whether another may follow. */
  private static final class Failure extends Exception {
    private static final long serialVersionUID = 1L;
    final Kind kind;
    final boolean retryable;
    final String message;
    final transient Optional<String> retryAfter;
    final transient Optional<String> retryAfterMs;

    Failure(Kind kind, boolean retryable, String message) {
      this(kind, retryable, message, Optional.empty(), Optional.empty());
    }

    Failure(Kind kind, boolean retryable, String message, Optional<String> retryAfter,
        Optional<String> retryAfterMs) {
      super(message, null, false, false);
      this.kind = kind;
      this.retryable = retryable;
      this.message = message;
      this.retryAfter = retryAfter;
      this.retryAfterMs = retryAfterMs;
    }
  }

  private <T> T withRetries(CancelSignal cancel, Attempt<T> attempt) throws HttpCallException {
    // the call's own deadline: every attempt's timeout and the client's own backoff between them; a wait the
    // server asks for may not reach past it
    long started = System.nanoTime();
    Duration ownWaits = backoff.schedule(maxRetries);
    Duration callDeadline = timeout.multipliedBy(maxRetries + 1L).plus(ownWaits);
    Failure last = new Failure(Kind.IO_ERROR, true, "");
    for (int n = 0; n <= maxRetries; n++) {
      if (cancel.isCancelled()) {
        throw new HttpCallException(Kind.CANCELLED, n, "cancelled");
      }
      try {
        return attempt.run();
      } catch (Failure f) {
        if (!f.retryable) {
          throw new HttpCallException(f.kind, n + 1, f.message);
        }
        last = f;
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new HttpCallException(Kind.INTERRUPTED, n + 1, "interrupted");
      }
      if (n < maxRetries) {
        Duration wait = backoff.waitBefore(n, last.retryAfter, last.retryAfterMs);
        Duration left = callDeadline.minusNanos(System.nanoTime() - started);
        boolean serverAsked = last.retryAfter.isPresent() || last.retryAfterMs.isPresent();
        if (serverAsked && wait.compareTo(left) > 0) {
          throw new HttpCallException(last.kind, n + 1, last.message + "; not retried: the wait before the next"
              + " attempt, " + SpecDurations.format(wait) + asked(last) + ", would pass the call's deadline of "
              + SpecDurations.format(callDeadline) + " (" + (maxRetries + 1) + " attempts of "
              + SpecDurations.format(timeout) + " and " + SpecDurations.format(ownWaits) + " of backoff)");
        }
        try {
          sleeper.sleep(wait, cancel);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          throw new HttpCallException(Kind.INTERRUPTED_WAITING, n + 1, last.message);
        }
      }
    }
    throw new HttpCallException(last.kind, maxRetries + 1, last.message);
  }

  /** What the server asked for, as {@code (Retry-After: 3600)}; empty when the wait is the client's backoff. */
  private String asked(Failure failure) {
    return failure.retryAfterMs.map(v -> " (retry-after-ms: " + quote(v) + ")")
        .or(() -> failure.retryAfter.map(v -> " (Retry-After: " + quote(v) + ")"))
        .orElse("");
  }

  /** The body of a 2xx response; any other status as the {@link Failure} it is. */
  private String bodyOf(HttpResponse<String> response) throws Failure {
    int status = response.statusCode();
    if (status >= 200 && status < 300) {
      return response.body();
    }
    String failure = "HTTP " + status + ": " + errorMessage(response.body());
    if (status != 429 && status < 500) {
      throw new Failure(Kind.STATUS_NOT_RETRIED, false, failure);
    }
    throw new Failure(status == 429 ? Kind.STATUS_429 : Kind.STATUS_5XX, true, failure,
        response.headers().firstValue("retry-after"), response.headers().firstValue("retry-after-ms"));
  }

  /**
   * One exchange under one deadline for the whole of it: {@link HttpRequest#timeout} stops at the response
   * headers, so a server that sends headers and then stalls the body would hold the caller forever. It ends early
   * when {@code abort} completes (the stream's sink refused an event) or {@code cancel} fires. However it ends
   * unfinished, the exchange is cancelled, which closes its connection.
   */
  private <T> HttpResponse<T> exchange(HttpRequest request, HttpResponse.BodyHandler<T> handler,
      CompletableFuture<?> abort, CancelSignal cancel) throws Failure, InterruptedException {
    CompletableFuture<HttpResponse<T>> exchange = client.sendAsync(request, handler);
    AtomicBoolean cancelled = new AtomicBoolean();
    try (CancelSignal.Registration registration = cancel.onCancel(() -> {
      cancelled.set(true);
      exchange.cancel(true);
    })) {
      CompletableFuture.anyOf(exchange, abort).get(timeout.toNanos(), TimeUnit.NANOSECONDS);
      return abort.isDone() ? null : exchange.join();
    } catch (TimeoutException e) {
      throw new Failure(Kind.TIMEOUT, true,
          "no complete response within the deadline of " + SpecDurations.format(timeout));
    } catch (ExecutionException | CompletionException | CancellationException e) {
      if (cancelled.get()) {
        throw new Failure(Kind.CANCELLED, false, "cancelled");
      }
      throw classify(e instanceof CancellationException ? e : e.getCause());
    } finally {
      exchange.cancel(true); // no-op when it completed; otherwise aborts the exchange and its connection
    }
  }

  private Failure classify(Throwable thrown) {
    Throwable cause = thrown;
    while ((cause instanceof CompletionException || cause instanceof ExecutionException)
        && cause.getCause() != null) {
      cause = cause.getCause();
    }
    for (Throwable c = thrown; c != null; c = c.getCause()) {
      if (c instanceof BoundedBody.TooLarge tooLarge) {
        return new Failure(Kind.MALFORMED_JSON, false, String.format("the reply is too large: it passed the bound"
            + " of %,d bytes a reply may have; the rest was not read", tooLarge.maxBytes));
      }
    }
    if (cause instanceof HttpTimeoutException) {
      return new Failure(Kind.TIMEOUT, true,
          "no complete response within the deadline of " + SpecDurations.format(timeout));
    }
    if (cause instanceof ConnectException || cause instanceof UnresolvedAddressException) {
      return new Failure(Kind.CONNECT_REFUSED, true, "cannot connect: " + key.scrub(String.valueOf(cause)));
    }
    return new Failure(Kind.IO_ERROR, true, "I/O error: " + key.scrub(String.valueOf(cause)));
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
