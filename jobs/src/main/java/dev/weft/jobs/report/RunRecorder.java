package dev.weft.jobs.report;

import dev.weft.jobs.report.RunReport.Sample;
import dev.weft.jobs.report.RunReport.Stage;
import dev.weft.pipelines.ingest.IngestProgress;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;

/**
 * Records a run's stages and throughput from the progress callbacks the CLI already receives, and passes every
 * callback on to the progress it wraps (the console's). Throughput is sampled from {@link #fileDone}: at most one
 * sample per second, so a long run's report stays small; the clock is injected so tests drive time.
 */
public final class RunRecorder implements IngestProgress {
  private static final long SAMPLE_EVERY_NANOS = 1_000_000_000L;

  private final IngestProgress delegate;
  private final LongSupplier nanoClock;
  private final long startNanos;
  private final AtomicLong items = new AtomicLong();
  private final AtomicLong chunks = new AtomicLong();
  private final List<Stage> stages = new ArrayList<>();
  private final List<Sample> samples = new ArrayList<>();
  private String stage;
  private long stageStartNanos;
  private volatile long nextSampleNanos;
  private long lastSampleNanos;
  private long lastSampleItems;
  private String executor = "none";

  public RunRecorder(IngestProgress delegate) {
    this(delegate, System::nanoTime);
  }

  RunRecorder(IngestProgress delegate, LongSupplier nanoClock) {
    this.delegate = delegate;
    this.nanoClock = nanoClock;
    this.startNanos = nanoClock.getAsLong();
    this.lastSampleNanos = startNanos;
    this.nextSampleNanos = startNanos + SAMPLE_EVERY_NANOS;
  }

  @Override
  public void stage(String name) {
    synchronized (this) {
      long now = nanoClock.getAsLong();
      closeStage(now);
      stage = name;
      stageStartNanos = now;
    }
    delegate.stage(name);
  }

  @Override
  public void started(int files, String executorLabel) {
    synchronized (this) {
      executor = executorLabel;
    }
    delegate.started(files, executorLabel);
  }

  @Override
  public void fileDone(int chunkCount) {
    items.incrementAndGet();
    chunks.addAndGet(chunkCount);
    long now = nanoClock.getAsLong();
    if (now >= nextSampleNanos) {
      synchronized (this) {
        if (now >= nextSampleNanos) {
          sample(now);
          nextSampleNanos = now + SAMPLE_EVERY_NANOS;
        }
      }
    }
    delegate.fileDone(chunkCount);
  }

  /**
   * A progress that counts items done so far rather than one at a time (a program's map): samples as
   * {@link #fileDone} does. A count below the last one is ignored (callbacks from worker threads may overtake).
   */
  public void itemsDone(long done) {
    items.accumulateAndGet(done, Math::max);
    long now = nanoClock.getAsLong();
    if (now >= nextSampleNanos) {
      synchronized (this) {
        if (now >= nextSampleNanos) {
          sample(now);
          nextSampleNanos = now + SAMPLE_EVERY_NANOS;
        }
      }
    }
  }

  @Override
  public void finished() {
    synchronized (this) {
      long now = nanoClock.getAsLong();
      closeStage(now);
      stage = null;
      if (items.get() > lastSampleItems) { // the tail since the last sample
        sample(now);
      }
    }
    delegate.finished();
  }

  /** Ends the stage under way (a failed run's last stage), so its time is counted; returns its name or null. */
  public synchronized String stop() {
    String current = stage;
    closeStage(nanoClock.getAsLong());
    stage = null;
    return current;
  }

  public synchronized List<Stage> stages() {
    return List.copyOf(stages);
  }

  public synchronized List<Sample> throughput() {
    return List.copyOf(samples);
  }

  /** The executor label of the change set, {@code none} until one started. */
  public synchronized String executor() {
    return executor;
  }

  public long items() {
    return items.get();
  }

  public long chunks() {
    return chunks.get();
  }

  private void closeStage(long now) {
    if (stage != null) {
      stages.add(new Stage(stage, (now - stageStartNanos) / 1_000_000L));
    }
  }

  private void sample(long now) {
    long done = items.get();
    double interval = Math.max(1e-9, (now - lastSampleNanos) / 1e9);
    samples.add(new Sample((now - startNanos) / 1e9, done, chunks.get(), (done - lastSampleItems) / interval));
    lastSampleNanos = now;
    lastSampleItems = done;
  }
}
