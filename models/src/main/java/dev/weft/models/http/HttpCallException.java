package dev.weft.models.http;

import java.util.Objects;

/**
 * A call {@link JsonHttp#post} gave up on: what kind of failure ended it, after how many attempts, and the last
 * failure in words (the status and the server's quoted error, the deadline, the refused connection), scrubbed of
 * the key. A client turns it into its own exception with {@link #describe(String)}.
 */
public final class HttpCallException extends Exception {
  /** What ended the call; a client maps it to its own failure reasons. */
  public enum Kind {
    /** 429 on every attempt. */
    STATUS_429,
    /** A 5xx on every attempt. */
    STATUS_5XX,
    /** Another non-2xx status: not retried. */
    STATUS_NOT_RETRIED,
    /** No complete response (headers and body) within the deadline, on every attempt. */
    TIMEOUT,
    /** Nothing listens there: connection refused, unknown host. */
    CONNECT_REFUSED,
    /** Another network failure (connection reset, TLS). */
    IO_ERROR,
    /** The calling thread was interrupted during an attempt. */
    INTERRUPTED,
    /** The calling thread was interrupted while waiting to retry. */
    INTERRUPTED_WAITING,
    /** A 2xx whose body (or one of its stream events) is not the JSON the client expects: not retried. */
    MALFORMED_JSON,
    /** A stream that ended, or whose connection dropped, before its {@code [DONE]}, on every attempt. */
    STREAM_CUT,
    /** The caller's cancel signal fired: the exchange in flight was aborted, nothing more is tried. */
    CANCELLED
  }

  private final Kind kind;
  private final int attempts;
  private final String lastFailure;

  public HttpCallException(Kind kind, int attempts, String lastFailure) {
    super(kind + " after " + attempts + " attempts: " + lastFailure);
    this.kind = Objects.requireNonNull(kind, "kind");
    this.attempts = attempts;
    this.lastFailure = lastFailure;
  }

  public Kind kind() {
    return kind;
  }

  public int attempts() {
    return attempts;
  }

  /** The last failure, e.g. {@code HTTP 503: 'overloaded'} or {@code cannot connect: java.net.ConnectException}. */
  public String lastFailure() {
    return lastFailure;
  }

  /**
   * One sentence for a user: {@code what} (e.g. {@code embedding request to URL (model m, 2 texts)}) and how it
   * failed, e.g. {@code ... failed after 3 attempts, last: HTTP 503: 'overloaded'}.
   */
  public String describe(String what) {
    return switch (kind) {
      case STATUS_NOT_RETRIED -> what + " failed, not retried (only 429 and 5xx are): " + lastFailure;
      case INTERRUPTED -> what + " was interrupted";
      case INTERRUPTED_WAITING -> what + " was interrupted while waiting to retry";
      case MALFORMED_JSON -> what + " got a reply that is not the expected JSON, not retried: " + lastFailure;
      case CANCELLED -> what + " was cancelled";
      default -> what + " failed after " + attempts + " attempts, last: " + lastFailure;
    };
  }
}
