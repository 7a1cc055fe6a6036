package dev.weft.context.ledger;

import com.fasterxml.jackson.databind.JsonNode;
import dev.weft.context.store.Concurrency;
import dev.weft.context.store.Mutation;
import dev.weft.context.store.RankQuery;
import dev.weft.context.store.RankResult;
import dev.weft.context.store.Scope;
import dev.weft.context.store.Store;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/** A store that forwards every call, for tests that hook one. */
class DelegatingStore implements Store {
  private final Store delegate;

  DelegatingStore(Store delegate) {
    this.delegate = delegate;
  }

  @Override
  public Optional<JsonNode> get(String key) {
    return delegate.get(key);
  }

  @Override
  public void set(String key, JsonNode value) {
    delegate.set(key, value);
  }

  @Override
  public void delete(String key) {
    delegate.delete(key);
  }

  @Override
  public List<String> keys(String prefix) {
    return delegate.keys(prefix);
  }

  @Override
  public Concurrency concurrency() {
    return delegate.concurrency();
  }

  @Override
  public Set<Capability> capabilities() {
    return delegate.capabilities();
  }

  @Override
  public <R> R mutate(Scope scope, Mutation<R> mutation) {
    return delegate.mutate(scope, mutation);
  }

  @Override
  public RankResult rank(RankQuery query) {
    return delegate.rank(query);
  }

  @Override
  public void close() {
    delegate.close();
  }
}
