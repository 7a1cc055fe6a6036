package dev.weft.context.memory;

import com.fasterxml.jackson.databind.JsonNode;
import dev.weft.context.store.Outcome;
import dev.weft.context.store.RetriedMutate;
import dev.weft.context.store.RetriedMutate.Tried;
import dev.weft.context.store.Scope;
import dev.weft.context.store.Store;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Function;

/**
 * One multi-key memory write as one {@link Store#mutate}. A mutate's scope is fixed before it reads, but which
 * keys a write touches (an id's old kind, the episodes to prune, the next sequence number) is known only after
 * reading; so the plan is made from plain reads and names the keys its decision may touch, and the mutate covers
 * exactly those. Inside it every value the plan read is compared with the store's: when one changed (another
 * writer got in between) nothing is written and the plan is made again, like a compare-and-set loop. What many
 * writers change at once (the scope's counter) is not compared but read inside the mutate by the decision, so
 * concurrent writers of different ids do not make each other replan.
 */
final class PlannedMutate {
  /** Attempts before giving up; each lost one means another writer committed to the same keys meanwhile. */
  static final int MAX_ATTEMPTS = 32;

  private PlannedMutate() {}

  /** What a decision does: values to write, keys to delete, and its answer. */
  record Decision<R>(Map<String, JsonNode> writes, Set<String> deletes, R result) {
    Decision {
      writes = Map.copyOf(writes);
      deletes = Set.copyOf(deletes);
    }

    boolean changesNothing() {
      return writes.isEmpty() && deletes.isEmpty();
    }
  }

  /**
   * A plan: the keys its decision may write or delete beyond what it read, and the decision, made inside the
   * mutate from the scope's current records; an empty decision means "the plan no longer fits, make it again".
   */
  record Plan<R>(Set<String> touches, Function<SortedMap<String, JsonNode>, Optional<Decision<R>>> decide) {
    Plan {
      touches = Set.copyOf(touches);
    }

    /** A plan whose decision depends only on what it read. */
    static <R> Plan<R> of(Map<String, JsonNode> writes, Set<String> deletes, R result) {
      Decision<R> decision = new Decision<>(writes, deletes, result);
      Set<String> touches = new TreeSet<>(writes.keySet());
      touches.addAll(deletes);
      return new Plan<>(touches, current -> Optional.of(decision));
    }
  }

  /** The store as a plan sees it: each value it gets is remembered and checked again inside the mutate. */
  static final class Reads {
    private final Store store;
    private final Map<String, Optional<JsonNode>> seen = new LinkedHashMap<>();

    Reads(Store store) {
      this.store = store;
    }

    Optional<JsonNode> get(String key) {
      return seen.computeIfAbsent(key, store::get);
    }

    /** A value read without checking it again: the decision must re-read it inside the mutate. */
    Optional<JsonNode> peek(String key) {
      return store.get(key);
    }

    /** Keys are not re-checked: a key added after the listing is one the write did not see, as if it came later. */
    List<String> keys(String prefix) {
      return store.keys(prefix);
    }
  }

  static <R> R apply(Store store, String what, Function<Reads, Plan<R>> planner) {
    return RetriedMutate.run(store, MAX_ATTEMPTS, what, () -> {
      Reads reads = new Reads(store);
      Plan<R> plan = planner.apply(reads);
      Set<String> keys = new TreeSet<>(reads.seen.keySet());
      keys.addAll(plan.touches());
      if (keys.isEmpty()) {
        // read and touches nothing (an empty bulk forget, say): a scope must name a key, so decide on nothing
        R result = plan.decide().apply(new TreeMap<>()).orElseThrow().result();
        return RetriedMutate.Attempt.answered(result);
      }
      return RetriedMutate.Attempt.<R>mutate(Scope.of(List.of(), keys), current -> decide(current, reads.seen, plan));
    });
  }

  private static <R> Outcome<Tried<R>> decide(
      SortedMap<String, JsonNode> current, Map<String, Optional<JsonNode>> seen, Plan<R> plan) {
    for (Map.Entry<String, Optional<JsonNode>> read : seen.entrySet()) {
      if (!read.getValue().equals(Optional.ofNullable(current.get(read.getKey())))) {
        return Outcome.read(Tried.lost());
      }
    }
    Optional<Decision<R>> decision = plan.decide().apply(Collections.unmodifiableSortedMap(current));
    if (decision.isEmpty()) {
      return Outcome.read(Tried.lost());
    }
    if (decision.get().changesNothing()) {
      return Outcome.read(Tried.applied(decision.get().result()));
    }
    SortedMap<String, JsonNode> next = new TreeMap<>(current);
    decision.get().deletes().forEach(next::remove);
    next.putAll(decision.get().writes());
    return Outcome.write(next, Tried.applied(decision.get().result()));
  }
}
