package dev.weft.context.ledger;

import static dev.weft.context.ledger.Fixtures.ev;
import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.context.store.Store;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** Writers of one ledger in many threads: every address minted once, no write lost. */
public class LedgerContentionTest {
  static final int THREADS = 8;

  /** Writes of each kind per thread. */
  protected int writes() {
    return 25;
  }

  /** A subclass in lucene-index runs this on the Lucene store (group commit). */
  protected Store newStore() {
    return new TestStore();
  }

  @Test
  void concurrentWritersMintDistinctAddressesAndLoseNothing() throws Exception {
    try (Store store = newStore()) {
      Ledger ledger = Fixtures.ledger(store);
      ledger.setGoal("hammer");
      ExecutorService pool = Executors.newFixedThreadPool(THREADS);
      CountDownLatch start = new CountDownLatch(1);
      List<Future<List<String>>> done = new ArrayList<>();
      for (int t = 0; t < THREADS; t++) {
        int thread = t;
        done.add(pool.submit(() -> {
          start.await();
          List<String> ids = new ArrayList<>();
          for (int i = 0; i < writes(); i++) {
            ids.add(ledger.addMemory("t" + thread + " w" + i, Set.of(), ev("e")).id());
            ids.add(ledger.appendProgress("t" + thread + " p" + i, ev("e")).id());
          }
          return ids;
        }));
      }
      start.countDown();
      Set<String> ids = new HashSet<>();
      for (Future<List<String>> future : done) {
        ids.addAll(future.get(5, TimeUnit.MINUTES));
      }
      pool.shutdown();

      assertThat(ids).hasSize(2 * THREADS * writes());
      assertThat(store.keys("ledger/memory/")).hasSize(THREADS * writes());
      assertThat(ledger.goal().orElseThrow().get("progress")).hasSize(THREADS * writes());
      assertThat(ledger.addMemory("after", Set.of(), ev("e")).id()).isEqualTo("memory:" + (THREADS * writes() + 1));
    }
  }
}
