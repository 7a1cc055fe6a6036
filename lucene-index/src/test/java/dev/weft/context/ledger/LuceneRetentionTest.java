package dev.weft.context.ledger;

import dev.weft.context.store.Store;
import dev.weft.index.store.LuceneStore;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.io.TempDir;

/** The ledger's retention tests (eviction, tombstones, report) on the durable Lucene store. */
class LuceneRetentionTest extends RetentionTest {
  @TempDir static Path dir;
  private static final AtomicInteger STORES = new AtomicInteger();

  @Override
  protected Store newStore() {
    return LuceneStore.open(dir.resolve("ledger-" + STORES.incrementAndGet()));
  }
}
