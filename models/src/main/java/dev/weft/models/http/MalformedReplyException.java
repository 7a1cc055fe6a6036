package dev.weft.models.http;

/**
 * A reply, or one event of a stream, that is not what the client expects (not JSON, or JSON of the wrong shape).
 * {@link JsonHttp} reports it as {@link HttpCallException.Kind#MALFORMED_JSON} and does not retry: a server that
 * answers 2xx with a broken body is not a transient failure.
 */
public final class MalformedReplyException extends Exception {
  private static final long serialVersionUID = 1L;

  /** @param message what is wrong, e.g. {@code stream event is not JSON: '...'} (quoted and scrubbed by the caller) */
  public MalformedReplyException(String message) {
    super(message);
  }
}
