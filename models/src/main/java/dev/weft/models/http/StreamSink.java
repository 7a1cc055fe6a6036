package dev.weft.models.http;

/**
 * Receives one streamed reply's events from {@link JsonHttp#stream}, on the HTTP client's thread, in order.
 * An attempt that fails after events were delivered is retried from the start: {@link #begin} is called before
 * each attempt's first event, and the sink drops what it had.
 */
public interface StreamSink {
  /** A new attempt answered 2xx: forget any partial reply. */
  void begin();

  /**
   * One event's data (the {@code [DONE]} marker is not passed on).
   *
   * @throws MalformedReplyException when the data is not what the client expects; the stream is aborted
   */
  void event(String data) throws MalformedReplyException;
}
