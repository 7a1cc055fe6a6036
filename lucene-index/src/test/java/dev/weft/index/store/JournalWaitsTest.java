package dev.weft.index.store;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The journal's disk waits off the fsync pool (a compaction's fsyncs, the force before a delete) never hang. */
class JournalWaitsTest {
  @Test
  void aWaitTheDiskDoesNotAnswerFailsAtTheDeadlineNamingIt() throws InterruptedException {
    CountDownLatch disk = new CountDownLatch(1);
    try (JournalWaits waits = new JournalWaits(Duration.ofMillis(50))) {
      assertThatThrownBy(() -> waits.run("force commit-points.journal", () -> {
        try {
          disk.await(1, TimeUnit.MINUTES);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
      }))
          .isInstanceOf(IOException.class)
          .hasMessage("cannot force commit-points.journal: it did not finish within 50 ms; the disk is not "
              + "answering — check it, then retry");
    } finally {
      disk.countDown();
    }
  }

  @Test
  void aFailedWaitIsThrownAsItsOwnIOException() {
    try (JournalWaits waits = new JournalWaits(Duration.ofSeconds(60))) {
      assertThatThrownBy(() -> waits.run("force x", () -> {
        throw new IOException("Input/output error");
      })).isInstanceOf(IOException.class).hasMessage("Input/output error");
    }
  }
}
