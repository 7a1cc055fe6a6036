package dev.weft.agents.model.stub;

import java.util.Objects;

/**
 * A fault the stub injects instead of (or in the middle of) a reply.
 *
 * @param kind what goes wrong
 * @param status the HTTP status of {@link Kind#STATUS}
 * @param text the Retry-After value of {@link Kind#RATE_LIMITED}, the error message of {@link Kind#STATUS}
 */
public record StubFault(Kind kind, int status, String text) {
  public enum Kind {
    /**
     * 200 and the headers at once, then nothing but keep-alive padding (whitespace, or SSE comments when streaming;
     * a stream first sends one content chunk) until the client gives up or the stub closes: a model that stalls
     * mid-reply. The padding lets the stub notice a client that went away, so its in-flight count drops.
     */
    STALL,
    /** No status, no headers, until the stub closes: a wedged server. The stub cannot see the client leave. */
    HANG,
    /** 429 with {@code Retry-After: text}. */
    RATE_LIMITED,
    /** {@code status} with an OpenAI-style error body whose message is {@code text}. */
    STATUS,
    /** 200 with a body that is not JSON (streaming: one {@code data:} line that is not JSON, then {@code [DONE]}). */
    MALFORMED,
    /**
     * The reply cut short: non-streaming, half the promised Content-Length, then the connection closes;
     * streaming, one content chunk and then the end of the body without a finish reason or {@code [DONE]}.
     */
    CUT
  }

  public StubFault {
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(text, "text");
  }

  public static StubFault stall() {
    return new StubFault(Kind.STALL, 200, "");
  }

  public static StubFault hang() {
    return new StubFault(Kind.HANG, 0, "");
  }

  /** 429 asking the client to wait {@code retryAfterSeconds}. */
  public static StubFault rateLimited(int retryAfterSeconds) {
    return new StubFault(Kind.RATE_LIMITED, 429, Integer.toString(retryAfterSeconds));
  }

  /** 500 with a message. */
  public static StubFault serverError() {
    return status(500, "stub: internal error");
  }

  public static StubFault status(int status, String message) {
    return new StubFault(Kind.STATUS, status, message);
  }

  public static StubFault malformed() {
    return new StubFault(Kind.MALFORMED, 200, "");
  }

  public static StubFault cut() {
    return new StubFault(Kind.CUT, 200, "");
  }
}
