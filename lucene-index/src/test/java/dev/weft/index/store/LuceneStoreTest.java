package dev.weft.index.store;

import dev.weft.context.store.Store;
import dev.weft.context.store.StoreContractTest;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;

class LuceneStoreTest extends StoreContractTest {
  @TempDir Path tmp;

  @Override
  protected Store openStore() {
    return LuceneStore.open(tmp.resolve("ledger"));
  }
}
