package dev.weft.models.http;

import java.io.IOException;
import java.net.http.HttpResponse.BodySubscriber;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Flow;

/**
 * A response body read to at most {@code maxBytes} bytes: the bytes pass to {@code delegate} (a string, the lines of
 * a stream) until one more would pass the bound; then the subscription is cancelled, which closes the connection,
 * and the delegate fails with {@link TooLarge}. So a reply of any size costs the client at most the bound in
 * memory, and the rest is never read.
 */
final class BoundedBody<T> implements BodySubscriber<T> {
  /** The body passed the bound; the rest was not read. */
  static final class TooLarge extends IOException {
    private static final long serialVersionUID = 1L;
    final long maxBytes;

    TooLarge(long maxBytes) {
      super("the body passed the bound of " + maxBytes + " bytes");
      this.maxBytes = maxBytes;
    }
  }

  private final BodySubscriber<T> delegate;
  private final long maxBytes;
  private long read;
  private boolean stopped;
  private Flow.Subscription upstream;

  BoundedBody(BodySubscriber<T> delegate, long maxBytes) {
    this.delegate = Objects.requireNonNull(delegate, "delegate");
    this.maxBytes = maxBytes;
  }

  @Override
  public CompletionStage<T> getBody() {
    return delegate.getBody();
  }

  @Override
  public void onSubscribe(Flow.Subscription subscription) {
    upstream = subscription;
    delegate.onSubscribe(subscription);
  }

  // Flow delivers onNext, onError and onComplete one at a time, so the counters need no lock
  @Override
  public void onNext(List<ByteBuffer> items) {
    if (stopped) {
      return; // buffers already on their way when the subscription was cancelled
    }
    for (ByteBuffer item : items) {
      read += item.remaining();
    }
    if (read > maxBytes) {
      stopped = true;
      upstream.cancel();
      delegate.onError(new TooLarge(maxBytes));
      return;
    }
    delegate.onNext(items);
  }

  @Override
  public void onError(Throwable throwable) {
    if (!stopped) {
      delegate.onError(throwable);
    }
  }

  @Override
  public void onComplete() {
    if (!stopped) {
      delegate.onComplete();
    }
  }
}
