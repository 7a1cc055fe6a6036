package dev.weft.context.ledger;

import dev.weft.context.store.Store;
import dev.weft.index.store.LuceneStore;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;

/** Concurrent ledger writers on the Lucene store, whose mutates share commits (group commit). */
class LuceneLedgerContentionTest extends LedgerContentionTest {
  @TempDir static Path dir;

  /** Every write is a durable commit: fewer of them keep the test short. */
  @Override
  protected int writes() {
    return 8;
  }

  @Override
  protected Store newStore() {
    return LuceneStore.open(dir.resolve("ledger"));
  }
}
