package dev.weft.pipelines.ingest;

import java.util.HashSet;
import java.util.Objects;
import java.util.Set;
import org.apache.beam.sdk.coders.KvCoder;
import org.apache.beam.sdk.coders.SerializableCoder;
import org.apache.beam.sdk.coders.StringUtf8Coder;
import org.apache.beam.sdk.transforms.DoFn;
import org.apache.beam.sdk.transforms.GroupByKey;
import org.apache.beam.sdk.transforms.PTransform;
import org.apache.beam.sdk.transforms.ParDo;
import org.apache.beam.sdk.transforms.WithKeys;
import org.apache.beam.sdk.transforms.windowing.BoundedWindow;
import org.apache.beam.sdk.transforms.windowing.FixedWindows;
import org.apache.beam.sdk.transforms.windowing.IntervalWindow;
import org.apache.beam.sdk.transforms.windowing.Window;
import org.apache.beam.sdk.values.KV;
import org.apache.beam.sdk.values.PCollection;
import org.joda.time.Duration;

/**
 * Changed paths → one publish per window: fixed windows, every path under one key so a window is one group (one
 * publish, never two racing for the lock), then {@link WindowPublisher} on that group. Only wires; the publisher
 * does the work and is tested alone.
 */
public final class PublishWindows extends PTransform<PCollection<String>, PCollection<WindowPublisher.WindowResult>> {
  /** The one key every path is grouped under: a window of changes is one group, so one publish. */
  static final String INDEX_KEY = "index";
  /** The element a rescan tick puts in a window: it asks for a pass, but is no changed path. */
  public static final String TICK = "";

  private final WindowPublisher publisher;
  private final Duration window;

  private PublishWindows(WindowPublisher publisher, Duration window) {
    this.publisher = publisher;
    this.window = window;
  }

  public static PublishWindows with(WindowPublisher publisher) {
    return new PublishWindows(Objects.requireNonNull(publisher, "publisher"), Duration.standardSeconds(60));
  }

  /** How long a window collects changes before its publish ({@code --window}). */
  public PublishWindows withWindow(java.time.Duration value) {
    if (value.toMillis() < 100) {
      throw new IllegalArgumentException("window must be at least 100ms, got: " + value.toMillis() + "ms");
    }
    return new PublishWindows(publisher, Duration.millis(value.toMillis()));
  }

  @Override
  public PCollection<WindowPublisher.WindowResult> expand(PCollection<String> paths) {
    return paths
        .apply("FixedWindows", Window.<String>into(FixedWindows.of(window)))
        .apply("OneKey", WithKeys.of(INDEX_KEY))
        .setCoder(KvCoder.of(StringUtf8Coder.of(), StringUtf8Coder.of()))
        .apply("GroupWindow", GroupByKey.create())
        .apply("PublishWindow", ParDo.of(new PublishFn(publisher)))
        .setCoder(SerializableCoder.of(WindowPublisher.WindowResult.class));
  }

  private static final class PublishFn extends DoFn<KV<String, Iterable<String>>, WindowPublisher.WindowResult> {
    private final WindowPublisher publisher;

    PublishFn(WindowPublisher publisher) {
      this.publisher = publisher;
    }

    @ProcessElement
    public void process(@Element KV<String, Iterable<String>> group, BoundedWindow window,
        OutputReceiver<WindowPublisher.WindowResult> out) {
      Set<String> distinct = new HashSet<>();
      group.getValue().forEach(distinct::add);
      distinct.remove(TICK);
      out.output(publisher.publish(((IntervalWindow) window).end().getMillis(), distinct.size()));
    }
  }
}
