package dev.weft.models.http;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Flow;

/**
 * Feeds a response body's lines through {@link ServerSentEvents} to a {@link StreamSink}, notes the {@code [DONE]}
 * marker, and completes {@link #malformed} when the sink refuses an event, so the caller aborts the exchange at
 * once instead of reading the rest of the stream.
 */
final class SseSubscriber implements Flow.Subscriber<String> {
  static final String DONE = "[DONE]";

  final CompletableFuture<MalformedReplyException> malformed = new CompletableFuture<>();
  private final ServerSentEvents events = new ServerSentEvents();
  private final StreamSink sink;
  private volatile boolean done;

  SseSubscriber(StreamSink sink) {
    this.sink = sink;
  }

  /** Whether the stream sent its {@code [DONE]} (a stream that ends without it was cut). */
  boolean done() {
    return done;
  }

  @Override
  public void onSubscribe(Flow.Subscription subscription) {
    subscription.request(Long.MAX_VALUE);
  }

  @Override
  public void onNext(String line) {
    events.line(line).ifPresent(this::dispatch);
  }

  @Override
  public void onError(Throwable throwable) {
    // The exchange's future fails with it; the caller classifies it there.
  }

  @Override
  public void onComplete() {
    events.end().ifPresent(this::dispatch);
  }

  private void dispatch(String data) {
    if (done || malformed.isDone()) {
      return; // after [DONE] or a refused event nothing more counts
    }
    if (data.strip().equals(DONE)) {
      done = true;
      return;
    }
    try {
      sink.event(data);
    } catch (MalformedReplyException e) {
      malformed.complete(e);
    } catch (RuntimeException e) {
      malformed.complete(new MalformedReplyException("the client could not read a stream event: " + e));
    }
  }
}
