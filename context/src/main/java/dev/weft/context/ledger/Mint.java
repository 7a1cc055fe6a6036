package dev.weft.context.ledger;

import com.fasterxml.jackson.databind.JsonNode;
import dev.weft.context.store.Outcome;
import dev.weft.context.store.RetriedMutate;
import dev.weft.context.store.RetriedMutate.Tried;
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
 * land together or not at all. The scope is the counter plus the keys written — not the whole kind's prefix,
 * which would make every write read every record — so the number is guessed from the counter first, and the
 * mutate gives up (publishing nothing) when the number it would mint is no longer covered; then it guesses again.
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
   * Mints one number. The scope covers each key written for the guessed number by its <em>decade</em> (the key
   * without its last digit: that number and up to nine after it), so writers that raced for the counter inside one
   * decade — the usual case, and every mutate of one group commit — still find their key covered and mint without a
   * retry; only a number past the guessed decade sends a writer back to guess again.
   *
   * @param keysFor the keys written for a number (they join the scope by their decade)
   * @param alsoRead keys the writes read or update besides the new ones
   */
  static <R> R write(Store store, String sequence, LongFunction<Collection<String>> keysFor,
      Collection<String> alsoRead, Writes<R> writes) {
    return write(store, sequence, 1, keysFor, alsoRead, true, writes);
  }

  /**
   * Mints {@code count} consecutive numbers; {@code keysFor} and {@code writes} get the first.
   *
   * @param byDecade cover the new keys by their decade (reading up to nine neighbours), else exactly (large values,
   *     such as slot contents, are not worth reading to save a retry)
   */
  static <R> R write(Store store, String sequence, int count, LongFunction<Collection<String>> keysFor,
      Collection<String> alsoRead, boolean byDecade, Writes<R> writes) {
    return RetriedMutate.run(store, ATTEMPTS, "minting a " + sequence + " number", () -> {
      long guess = Counters.of(store.get(LedgerKeys.COUNTERS).orElse(null)).mark(sequence) + 1;
      List<String> prefixes = new ArrayList<>();
      List<String> keys = new ArrayList<>();
      for (String key : keysFor.apply(guess)) {
        if (byDecade) {
          prefixes.add(key.substring(0, key.length() - 1));
        } else {
          keys.add(key);
        }
      }
      keys.add(LedgerKeys.COUNTERS);
      keys.addAll(alsoRead);
      Scope scope = Scope.of(prefixes, keys);
      return RetriedMutate.Attempt.<R>mutate(scope, current -> {
        Counters counters = Counters.of(current.get(LedgerKeys.COUNTERS));
        long first = counters.mark(sequence) + 1;
        if (!keysFor.apply(first).stream().allMatch(scope::covers)) {
          return Outcome.read(Tried.lost());
        }
        for (int i = 0; i < count; i++) {
          counters.mint(sequence);
        }
        Written<R> written = writes.apply(first, current);
        Map<String, JsonNode> next = new TreeMap<>(current);
        next.putAll(written.puts());
        next.put(LedgerKeys.COUNTERS, counters.toJson());
        return Outcome.write(next, Tried.applied(written.result()));
      });
    });
  }
}
