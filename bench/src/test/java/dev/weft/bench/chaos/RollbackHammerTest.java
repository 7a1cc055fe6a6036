package dev.weft.bench.chaos;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.context.IndexLocation;
import dev.weft.context.error.ExitStatus;
import dev.weft.context.error.WeftException;
import dev.weft.context.generation.GenerationManifest;
import dev.weft.index.CorpusIndex;
import dev.weft.index.IndexUpdate;
import dev.weft.index.UpdateOptions;
import dev.weft.pipelines.ingest.IngestRequest;
import dev.weft.pipelines.ingest.Ingester;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.lucene.store.LockObtainFailedException;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RollbackHammerTest {
  @TempDir Path tmp;
  Path index;

  @BeforeEach
  void twoGenerations() {
    ChaosCorpus corpus = new ChaosCorpus(tmp.resolve("corpus"), new Random(3));
    corpus.create(5);
    index = tmp.resolve("index");
    index(corpus);
    corpus.editOne();
    index(corpus);
  }

  private void index(ChaosCorpus corpus) {
    assertThat(new Ingester().run(IngestRequest.directory(corpus.root(),
        IndexLocation.of(index)).build()).published()).isTrue();
  }

  private long served() {
    try (CorpusIndex opened = CorpusIndex.openExisting(IndexLocation.of(index))) {
      return opened.current().map(GenerationManifest::generation).orElseThrow();
    }
  }

  @Test
  void flipsBetweenTheTwoWhileTheIndexRunRuns() {
    AtomicInteger checks = new AtomicInteger();
    // "the index run" is alive for three checks, then exits
    RollbackHammer hammer = new RollbackHammer(index, 2, 1, millis -> checks.incrementAndGet() <= 3);

    hammer.run();

    assertThat(hammer.outcome()).isEqualTo(new RollbackHammer.Outcome(3, List.of(1L, 2L), null));
    assertThat(served()).isEqualTo(1);
  }

  @Test
  void stopsAtTheFirstRefusalOnceTheIndexRunHoldsItsLock() throws IOException {
    try (CorpusIndex opened = CorpusIndex.open(IndexLocation.of(index));
        IndexUpdate update = opened.beginUpdate(new UpdateOptions(tmp.toString(), 5, "test"))) {
      RollbackHammer hammer = new RollbackHammer(index, 2, 1, millis -> true);

      hammer.run();

      assertThat(hammer.outcome()).isEqualTo(new RollbackHammer.Outcome(0, List.of(), null));
      assertThat(served()).isEqualTo(2);
    }
  }

  @Test
  void aRefusalIsBusyOrAPrunedTargetHoweverItIsSaid() {
    assertThat(RollbackHammer.refused(new IllegalStateException("held", new LockObtainFailedException("lock"))))
        .isTrue();
    assertThat(RollbackHammer.refused(new WeftException(ExitStatus.BUSY, "busy"))).isTrue();
    assertThat(RollbackHammer.refused(new IllegalArgumentException("not kept"))).isTrue();
    assertThat(RollbackHammer.refused(new WeftException(ExitStatus.DAMAGED, "damaged"))).isFalse();
    assertThat(RollbackHammer.refused(new IllegalStateException("no manifest"))).isFalse();
  }
}
