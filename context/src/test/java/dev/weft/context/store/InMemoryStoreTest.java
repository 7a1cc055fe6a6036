package dev.weft.context.store;

class InMemoryStoreTest extends StoreContractTest {
  @Override
  protected Store openStore() {
    return new InMemoryStore();
  }
}
