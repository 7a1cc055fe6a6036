package dev.weft.index.store;

import com.fasterxml.jackson.databind.JsonNode;
import dev.weft.context.store.Outcome;
import dev.weft.context.store.Scope;
import dev.weft.context.store.StoreRules;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * How a group's leader ({@link StoreWriter}) runs each mutate of the group: its callback against the last commit
 * plus what its predecessors in the group staged, its outcome checked, what it writes staged for the group's one
 * commit. A callback that throws, or a refused {@code next}, fails that mutate alone.
 */
final class GroupStaging {
  private static final ThreadLocal<Boolean> IN_MUTATION = ThreadLocal.withInitial(() -> false);

  private GroupStaging() {}

  /** Whether the current thread is inside a mutation's callback (which must not call the store). */
  static boolean inMutation() {
    return IN_MUTATION.get();
  }

  /** Runs one mutate against the last commit plus what its predecessors staged; stages what it writes. */
  static <R> void stage(PendingMutate<R> mutate, StoreView view,
      SortedMap<String, Optional<JsonNode>> staged, List<Runnable> acknowledgements) throws IOException {
    Scope scope = mutate.scope();
    SortedMap<String, JsonNode> current = StoreReads.covered(view, scope);
    for (Map.Entry<String, Optional<JsonNode>> entry : staged.entrySet()) {
      if (scope.covers(entry.getKey())) {
        if (entry.getValue().isPresent()) {
          current.put(entry.getKey(), entry.getValue().get().deepCopy());
        } else {
          current.remove(entry.getKey());
        }
      }
    }
    Set<String> before = new TreeSet<>(current.keySet());
    Map<String, Optional<JsonNode>> values = new TreeMap<>();
    Outcome<R> outcome;
    IN_MUTATION.set(true);
    try {
      outcome = StoreRules.checkOutcome(mutate.mutation().apply(current), scope);
      if (outcome.next().isPresent()) {
        SortedMap<String, JsonNode> next = outcome.next().get();
        StoreRules.checkNext(scope, next);
        for (String key : before) {
          if (!next.containsKey(key)) {
            values.put(key, Optional.empty());
          }
        }
        for (Map.Entry<String, JsonNode> entry : next.entrySet()) {
          // refused here, failing this mutate alone, rather than when its commit (or a later fold) writes it
          values.put(entry.getKey(), Optional.of(StoreDocuments.storable(entry.getKey(), entry.getValue())));
        }
      }
    } catch (RuntimeException e) {
      mutate.fail(e);
      return;
    } catch (VirtualMachineError e) {
      throw e;
    } catch (Error e) {
      // an assertion or a linkage error in one caller's callback is that caller's failure, not its neighbours'
      mutate.fail(new IllegalStateException("the mutation of " + scope + " failed: " + e, e));
      return;
    } finally {
      IN_MUTATION.set(false);
    }
    staged.putAll(values);
    R result = outcome.result();
    acknowledgements.add(() -> mutate.succeed(result));
  }
}
