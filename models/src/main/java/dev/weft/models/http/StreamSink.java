package dev.weft.models.http;

/**
 * Receives one streamed reply's events from {@link JsonHttp#stream}, on the HTTP client's thread, in order. Each
 * attempt has its own sink; the caller reads the answering one after the stream ended (the exchange's completion
 * orders the reads after the writes).
 */
@FunctionalInterface
public interface StreamSink {
  /**
   * One event's data (the {@code [DONE]} marker is not passed on).
   *
   * @throws MalformedReplyException when the data is not what the client expects; the stream is aborted
   */
  void event(String data) throws MalformedReplyException;
}
