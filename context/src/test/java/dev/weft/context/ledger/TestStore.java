package dev.weft.context.ledger;

import com.fasterxml.jackson.databind.JsonNode;
import dev.weft.context.store.FilterStore;
import dev.weft.context.store.InMemoryStore;
import dev.weft.context.store.Mutation;
import dev.weft.context.store.Outcome;
import dev.weft.context.store.Scope;
import java.util.EnumSet;
import java.util.Set;

/**
 * The in-memory store as the ledger's tests need it: with or without {@code rank} (to drive {@code via: sweep}
 * and {@code via: adapter}), counting the mutates that wrote something.
 */
final class TestStore extends FilterStore {
  private final boolean rank;
  int writes;

  TestStore(boolean rank) {
    super(new InMemoryStore());
    this.rank = rank;
  }

  TestStore() {
    this(false);
  }

  @Override
  public Set<Capability> capabilities() {
    return rank ? super.capabilities() : EnumSet.of(Capability.MUTATE);
  }

  @Override
  public <R> R mutate(Scope scope, Mutation<R> mutation) {
    boolean[] wrote = {false};
    R result = super.mutate(scope, current -> {
      Outcome<R> outcome = mutation.apply(current);
      wrote[0] = outcome.next().isPresent();
      return outcome;
    });
    if (wrote[0]) {
      synchronized (this) {
        writes++;
      }
    }
    return result;
  }

  @Override
  public dev.weft.context.store.RankResult rank(dev.weft.context.store.RankQuery query) {
    if (!rank) {
      throw new UnsupportedOperationException("this test store does not offer rank");
    }
    return super.rank(query);
  }

  /** For tests that read the store around the ledger. */
  JsonNode value(String key) {
    return get(key).orElseThrow();
  }
}
