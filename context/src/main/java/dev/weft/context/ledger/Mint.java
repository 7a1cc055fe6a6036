package dev.weft.context.ledger;

import com.fasterxml.jackson.databind.JsonNode;
import dev.weft.context.error.ExitStatus;
import dev.weft.context.error.WeftException;
import dev.weft.context.store.Outcome;
import dev.weft.context.store.Scope;
import dev.weft.context.store.Store;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.function.LongFunction;

/**
 * Mints the next number of a sequence and writes what it addresses in ONE mutate, so the counter and the records
 * land together or not at all. The scope is the counter plus the exact keys written — not the whole kind's
 * prefix, which would make every write read every record — so the number is guessed from the counter first and
 * the mutate gives up (publishing nothing) when another writer minted in between; then it guesses again.
 */
final class Mint {
  /** Guesses before a mint gives up: only reached when other writers win every race, many times over. */
  static final int ATTEMPTS = 1000;

  private Mint() {}

  /** What to write for a minted number, given the current values of the scope. */
  @FunctionalInterface
  interface Writes<R> {
    /** The values to put (every key must be among the scope's) and the answer; a thrown exception writes nothing. */
    Written<R> apply(long seq, SortedMap<String, JsonNode> current);
  }

  record Written<R>(Map<String, JsonNode> puts, R result) {}

  /**
   * @param keysFor the keys written for a number (they join the scope)
   * @param alsoRead keys the writes read or update besides the new ones
   */
  static <R> R write(Store store, String sequence, LongFunction<Collection<String>> keysFor,
      Collection<String> alsoRead, Writes<R> writes) {
    return write(store, sequence, 1, keysFor, alsoRead, writes);
  }

  /** Mints {@code count} consecutive numbers; {@code keysFor} and {@code writes} get the first. */
  static <R> R write(Store store, String sequence, int count, LongFunction<Collection<String>> keysFor,
      Collection<String> alsoRead, Writes<R> writes) {
    for (int attempt = 0; attempt < ATTEMPTS; attempt++) {
      long guess = Counters.of(store.get(LedgerKeys.COUNTERS).orElse(null)).mark(sequence) + 1;
      List<String> keys = new ArrayList<>(keysFor.apply(guess));
      keys.add(LedgerKeys.COUNTERS);
      keys.addAll(alsoRead);
      Attempt<R> done = store.mutate(Scope.of(List.of(), keys), current -> {
        Counters counters = Counters.of(current.get(LedgerKeys.COUNTERS));
        if (counters.mark(sequence) + 1 != guess) {
          return Outcome.read(new Attempt<R>(false, null));
        }
        for (int i = 0; i < count; i++) {
          counters.mint(sequence);
        }
        Written<R> written = writes.apply(guess, current);
        Map<String, JsonNode> next = new TreeMap<>(current);
        next.putAll(written.puts());
        next.put(LedgerKeys.COUNTERS, counters.toJson());
        return Outcome.write(next, new Attempt<>(true, written.result()));
      });
      if (done.minted()) {
        return done.result();
      }
    }
    throw new WeftException(ExitStatus.BUSY, "could not mint a " + sequence + " number: other writers minted first "
        + ATTEMPTS + " times in a row; retry the write");
  }

  private record Attempt<R>(boolean minted, R result) {}
}
