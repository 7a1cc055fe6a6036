package dev.weft.jobs.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.jobs.report.RunReport.Sample;
import dev.weft.jobs.report.RunReport.Stage;
import dev.weft.pipelines.ingest.IngestProgress;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** Stages and throughput from the progress callbacks, on a clock the test moves. */
class RunRecorderTest {
  private static final long MS = 1_000_000L;
  private final AtomicLong clock = new AtomicLong(1_000 * MS);
  private final List<String> passedOn = new ArrayList<>();
  private final RunRecorder recorder = new RunRecorder(new IngestProgress() {
    @Override
    public void stage(String name) {
      passedOn.add("stage " + name);
    }

    @Override
    public void started(int files, String executor) {
      passedOn.add("started " + files);
    }

    @Override
    public void fileDone(int chunks) {
      passedOn.add("done " + chunks);
    }

    @Override
    public void finished() {
      passedOn.add("finished");
    }
  }, clock::get);

  @Test
  void eachStageLastsUntilTheNextBeginsAndTheLastUntilTheRunFinishes() {
    recorder.stage("plan");
    clock.addAndGet(40 * MS);
    recorder.stage("chunk");
    clock.addAndGet(1_500 * MS);
    recorder.stage("publish");
    clock.addAndGet(7 * MS);
    recorder.finished();

    assertThat(recorder.stages())
        .containsExactly(new Stage("plan", 40), new Stage("chunk", 1_500), new Stage("publish", 7));
  }

  @Test
  void throughputIsSampledAtMostOncePerSecondWithTheRateSinceThePreviousSample() {
    recorder.started(10, "in-process");
    for (int i = 0; i < 4; i++) { // 4 items in the first 1.2 s
      clock.addAndGet(300 * MS);
      recorder.fileDone(2);
    }
    for (int i = 0; i < 6; i++) { // then 6 more, 100 ms apart: still within the next second
      clock.addAndGet(100 * MS);
      recorder.fileDone(1);
    }
    recorder.finished();

    assertThat(recorder.throughput()).containsExactly(
        new Sample(1.2, 4, 8, 4 / 1.2),
        new Sample(1.8, 10, 14, 6 / 0.6));
  }

  @Test
  void aCumulativeCountSamplesLikeSingleItemsAndNeverGoesBack() {
    clock.addAndGet(1_000 * MS);
    recorder.itemsDone(8);
    clock.addAndGet(500 * MS);
    recorder.itemsDone(5); // a late callback from another worker thread
    clock.addAndGet(500 * MS);
    recorder.itemsDone(12);
    recorder.finished();

    assertThat(recorder.items()).isEqualTo(12);
    assertThat(recorder.throughput()).containsExactly(new Sample(1.0, 8, 0, 8), new Sample(2.0, 12, 0, 4));
  }

  @Test
  void aFailedRunCountsTheStageItWasInUntilItStopped() {
    recorder.stage("plan");
    clock.addAndGet(5 * MS);
    recorder.stage("chunk");
    clock.addAndGet(20 * MS);

    assertThat(recorder.stop()).isEqualTo("chunk");
    assertThat(recorder.stages()).containsExactly(new Stage("plan", 5), new Stage("chunk", 20));
  }

  @Test
  void everyCallbackReachesTheWrappedProgress() {
    recorder.stage("plan");
    recorder.started(1, "in-process");
    recorder.fileDone(3);
    recorder.finished();

    assertThat(passedOn).containsExactly("stage plan", "started 1", "done 3", "finished");
    assertThat(recorder.executor()).isEqualTo("in-process");
  }
}
