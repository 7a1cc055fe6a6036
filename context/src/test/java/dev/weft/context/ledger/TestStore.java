package dev.weft.context.ledger;

import com.fasterxml.jackson.databind.JsonNode;
import dev.weft.context.store.Concurrency;
import dev.weft.context.store.Mutation;
import dev.weft.context.store.Outcome;
import dev.weft.context.store.RankQuery;
import dev.weft.context.store.RankResult;
import dev.weft.context.store.RankedKey;
import dev.weft.context.store.Scope;
import dev.weft.context.store.ScopeViolationException;
import dev.weft.context.store.Store;
import dev.weft.context.store.StoredEmbedding;
import dev.weft.context.embed.EmbedderIdentity;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * A small serialised store for the ledger's tests, with rank on demand (to drive {@code via: adapter}). Counts
 * mutates so tests can tell a read-only decision from a write.
 */
final class TestStore implements Store {
  private final TreeMap<String, JsonNode> data = new TreeMap<>();
  private final boolean rank;
  int writes;

  TestStore(boolean rank) {
    this.rank = rank;
  }

  TestStore() {
    this(false);
  }

  @Override
  public synchronized Optional<JsonNode> get(String key) {
    return Optional.ofNullable(data.get(key)).map(JsonNode::deepCopy);
  }

  @Override
  public synchronized void set(String key, JsonNode value) {
    data.put(key, value.deepCopy());
  }

  @Override
  public synchronized void delete(String key) {
    data.remove(key);
  }

  @Override
  public synchronized List<String> keys(String prefix) {
    return data.keySet().stream().filter(k -> k.startsWith(prefix)).toList();
  }

  @Override
  public Concurrency concurrency() {
    return Concurrency.ATOMIC;
  }

  @Override
  public Set<Capability> capabilities() {
    return rank ? EnumSet.of(Capability.MUTATE, Capability.RANK) : EnumSet.of(Capability.MUTATE);
  }

  @Override
  public synchronized <R> R mutate(Scope scope, Mutation<R> mutation) {
    SortedMap<String, JsonNode> current = new TreeMap<>();
    data.forEach((k, v) -> {
      if (scope.covers(k)) {
        current.put(k, v.deepCopy());
      }
    });
    Outcome<R> outcome = mutation.apply(current);
    if (outcome.next().isPresent()) {
      for (String key : outcome.next().get().keySet()) {
        if (!scope.covers(key)) {
          throw new ScopeViolationException(key, scope);
        }
      }
      current.keySet().forEach(data::remove);
      outcome.next().get().forEach((k, v) -> data.put(k, v.deepCopy()));
      writes++;
    }
    return outcome.result();
  }

  @Override
  public synchronized RankResult rank(RankQuery query) {
    if (!rank) {
      return Store.super.rank(query);
    }
    List<RankedKey> hits = new ArrayList<>();
    Set<EmbedderIdentity> identities = new HashSet<>();
    int skipped = 0;
    for (String key : keys(query.prefix())) {
      Optional<StoredEmbedding> e = StoredEmbedding.of(data.get(key));
      e.ifPresent(x -> identities.add(x.identity()));
      if (e.isEmpty() || !EmbedderIdentity.sameIdentity(e.get().identity(), query.identity())) {
        skipped++;
      } else {
        hits.add(new RankedKey(key, LedgerRecall.cosine(query.vector(), e.get().vector()), data.get(key)));
      }
    }
    hits.sort(Comparator.comparingDouble(RankedKey::score).reversed().thenComparing(RankedKey::key));
    return new RankResult(hits.subList(0, Math.min(query.limit(), hits.size())), skipped, identities);
  }

  @Override
  public void close() {}
}
