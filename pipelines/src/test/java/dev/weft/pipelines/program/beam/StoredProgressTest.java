package dev.weft.pipelines.program.beam;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dev.weft.agents.program.MapProgress;
import dev.weft.context.program.MapCall;
import dev.weft.transforms.beam.ResultStore;
import dev.weft.transforms.program.MapResult;
import dev.weft.transforms.program.StoredResult;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * While a runner's {@code run()} blocks (Flink), the driver reports the results stored so far from another thread:
 * done counts them, the total is unknown until the counters come back.
 */
class StoredProgressTest {
  @TempDir Path work;

  @Test
  void theStoredResultsAreReportedWhileTheRunBlocks() throws Exception {
    ResultStore store = ResultStore.at(work.resolve("results").toString(), "fp-test");
    CountDownLatch sawThree = new CountDownLatch(1);
    MapProgress[] seen = new MapProgress[1];
    ScheduledExecutorService poller = ProgramRunPipeline.reportStored(progress -> {
      if (progress.done() == 3) {
        seen[0] = progress;
        sawThree.countDown();
      }
    }, System.nanoTime(), store);
    try {
      for (int i = 0; i < 3; i++) {
        MapCall call = new MapCall("r-" + i, "Say it.", "text " + i, Optional.empty());
        store.put(StoredResult.of(call, new MapResult("r-" + i, JsonNodeFactory.instance.textNode("ok"))));
      }

      assertThat(sawThree.await(30, TimeUnit.SECONDS)).as("a report counted the three stored results").isTrue();
    } finally {
      poller.shutdownNow();
    }
    assertThat(seen[0].total()).isEqualTo(MapProgress.UNKNOWN_TOTAL);
    assertThat(seen[0].etaSeconds()).isEqualTo(-1);
  }
}
