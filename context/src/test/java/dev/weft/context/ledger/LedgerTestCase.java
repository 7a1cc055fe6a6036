package dev.weft.context.ledger;

import dev.weft.context.store.Store;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;

/**
 * A ledger on a fresh store for each test, closed after it. Subclasses in lucene-index run the same tests on the
 * Lucene store by overriding {@link #newStore()}.
 */
public abstract class LedgerTestCase {
  protected Store store;
  protected Ledger ledger;

  /** The store the ledger runs on. */
  protected Store newStore() {
    return new TestStore();
  }

  @BeforeEach
  void open() {
    store = newStore();
    ledger = Fixtures.ledger(store);
  }

  @AfterEach
  void close() {
    store.close();
  }
}
