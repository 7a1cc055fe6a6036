package dev.weft.context.ledger;

import static dev.weft.context.ledger.Fixtures.ev;
import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.index.store.LuceneStore;
import java.nio.file.Path;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What only a durable store shows: a reopened ledger, and near answered by the store's rank. */
class LuceneLedgerTest {
  @TempDir Path dir;

  @Test
  void aReopenedLedgerHasEveryRecordAndKeepsMintingNewAddresses() {
    LedgerSnapshot before;
    try (LuceneStore store = LuceneStore.open(dir)) {
      Ledger ledger = Fixtures.ledger(store);
      ledger.setGoal("ship");
      ledger.addMemory("a", Set.of("x"), ev("e"));
      ledger.addMemory("b", Set.of(), ev("e"));
      ledger.delete("memory:2");
      before = ledger.snapshot();
    }
    try (LuceneStore store = LuceneStore.open(dir)) {
      Ledger ledger = Fixtures.ledger(store);
      assertThat(ledger.snapshot().records()).isEqualTo(before.records());
      assertThat(ledger.addMemory("c", Set.of(), ev("e")).id()).isEqualTo("memory:3");
    }
  }

  @Test
  void nearIsAnsweredByTheStoresRankWithTheSweepsHits() {
    WordEmbedder embedder = new WordEmbedder("words", 32);
    RecallQuery query = RecallQuery.recent(2).withNear("postgres port").withTags(Set.of("db"));
    try (LuceneStore store = LuceneStore.open(dir)) {
      Ledger lucene = new Ledger(store, LedgerOptions.defaults().withClock(new TickingClock()).withEmbedder(embedder));
      Ledger sweep = new Ledger(new TestStore(), LedgerOptions.defaults().withClock(new TickingClock())
          .withEmbedder(embedder));
      for (Ledger ledger : new Ledger[] {lucene, sweep}) {
        ledger.addMemory("postgres listens on port 5432", Set.of("db"), ev("compose.yml:4"));
        ledger.addMemory("redis caches sessions", Set.of("db"), ev("app.yml:3"));
        ledger.addMemory("the CI uses JDK 17", Set.of("ci"), ev(".ci/run:4"));
        ledger.addMemory("postgres backups run nightly", Set.of("db"), ev("cron:1"));
        ledger.embedMissing(3, 2); // the last one keeps no vector
      }
      Recalled viaAdapter = lucene.recall(query);
      Recalled viaSweep = sweep.recall(query);

      assertThat(viaAdapter.via()).isEqualTo("adapter");
      assertThat(viaSweep.via()).isEqualTo("sweep");
      assertThat(viaAdapter.hits().stream().map(Recalled.Hit::id).toList())
          .isEqualTo(viaSweep.hits().stream().map(Recalled.Hit::id).toList())
          .containsExactly("memory:1", "memory:2");
      assertThat(viaAdapter.skipped()).isEqualTo(1);
      assertThat(viaAdapter.hits().get(0).score()).isCloseTo(viaSweep.hits().get(0).score(),
          org.assertj.core.data.Offset.offset(1e-5));
    }
  }
}
