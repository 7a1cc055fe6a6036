package dev.weft.context.store;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * The store in a sorted map, for tests and for an agent whose ledger need not outlive the process. Every
 * operation holds the store's monitor, so mutates are serialised and each is {@link Concurrency#ATOMIC atomic}:
 * no other thread sees a half-applied one, and nothing outside the process can see the map at all. Values are
 * kept in their {@link StoreRules#canonical} form, so they read back as from a durable adapter. Offers
 * {@link Capability#MUTATE} and {@link Capability#RANK} (an exact cosine sweep, {@link RankSweep}); no {@link
 * Capability#SEARCH}, which needs an analyzer this module does not have.
 */
public final class InMemoryStore implements Store {
  private final TreeMap<String, JsonNode> values = new TreeMap<>();
  private boolean closed;

  @Override
  public synchronized Optional<JsonNode> get(String key) {
    open();
    JsonNode value = values.get(StoreRules.checkKey(key));
    return value == null ? Optional.empty() : Optional.of(value.deepCopy());
  }

  @Override
  public synchronized void set(String key, JsonNode value) {
    open();
    StoreRules.checkKey(key);
    StoreRules.checkValue(key, value);
    values.put(key, StoreRules.canonical(value));
  }

  @Override
  public synchronized void delete(String key) {
    open();
    values.remove(StoreRules.checkKey(key));
  }

  @Override
  public synchronized List<String> keys(String prefix) {
    open();
    return new ArrayList<>(under(prefix).keySet());
  }

  @Override
  public Concurrency concurrency() {
    return Concurrency.ATOMIC;
  }

  @Override
  public Set<Capability> capabilities() {
    return EnumSet.of(Capability.MUTATE, Capability.RANK);
  }

  @Override
  public synchronized <R> R mutate(Scope scope, Mutation<R> mutation) {
    open();
    SortedMap<String, JsonNode> current = new TreeMap<>();
    covered(scope).forEach((key, value) -> current.put(key, value.deepCopy()));
    Outcome<R> outcome = StoreRules.checkOutcome(mutation.apply(current), scope);
    if (outcome.next().isPresent()) {
      SortedMap<String, JsonNode> next = outcome.next().get();
      StoreRules.checkNext(scope, next);
      values.keySet().removeAll(covered(scope).keySet());
      next.forEach((key, value) -> values.put(key, StoreRules.canonical(value)));
    }
    return outcome.result();
  }

  @Override
  public synchronized RankResult rank(RankQuery query) {
    open();
    RankResult swept = RankSweep.rank(under(query.prefix()).entrySet(), query);
    List<RankedKey> copies = new ArrayList<>(swept.hits().size());
    for (RankedKey hit : swept.hits()) {
      copies.add(new RankedKey(hit.key(), hit.score(), hit.value().deepCopy()));
    }
    return new RankResult(copies, swept.skipped(), swept.identities());
  }

  @Override
  public synchronized void close() {
    closed = true;
  }

  private SortedMap<String, JsonNode> under(String prefix) {
    // keys starting with prefix are contiguous from prefix on: stop at the first that does not
    SortedMap<String, JsonNode> under = new TreeMap<>();
    for (Map.Entry<String, JsonNode> entry : values.tailMap(prefix, true).entrySet()) {
      if (!entry.getKey().startsWith(prefix)) {
        break;
      }
      under.put(entry.getKey(), entry.getValue());
    }
    return under;
  }

  private SortedMap<String, JsonNode> covered(Scope scope) {
    SortedMap<String, JsonNode> covered = new TreeMap<>();
    for (String prefix : scope.prefixes()) {
      covered.putAll(under(prefix));
    }
    for (String key : scope.keys()) {
      JsonNode value = values.get(key);
      if (value != null) {
        covered.put(key, value);
      }
    }
    return covered;
  }

  private void open() {
    if (closed) {
      throw new IllegalStateException("this InMemoryStore is closed; its values are gone — open a new store");
    }
  }

  @Override
  public synchronized String toString() {
    return "InMemoryStore(" + values.size() + " keys)";
  }
}
