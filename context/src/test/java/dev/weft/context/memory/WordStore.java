package dev.weft.context.memory;

import com.fasterxml.jackson.databind.JsonNode;
import dev.weft.context.store.Concurrency;
import dev.weft.context.store.Mutation;
import dev.weft.context.store.Outcome;
import dev.weft.context.store.RankQuery;
import dev.weft.context.store.RankResult;
import dev.weft.context.store.RankSweep;
import dev.weft.context.store.RankedKey;
import dev.weft.context.store.Scope;
import dev.weft.context.store.ScopeViolationException;
import dev.weft.context.store.SearchResult;
import dev.weft.context.store.Store;
import dev.weft.context.store.TextQuery;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * A test store with all three capabilities: a sorted map, mutate under one monitor, rank by {@link RankSweep} and a
 * crude word-overlap search (lower case, a trailing "s" folded) standing in for the Lucene store's Porter BM25. It
 * counts mutates and can run a hook before each one, to drive a competing writer deterministically.
 */
final class WordStore implements Store {
  private final TreeMap<String, JsonNode> map = new TreeMap<>();
  int mutates;
  /** Runs (once each, in order) just before the next mutates read their scope, outside the monitor. */
  final List<Runnable> beforeMutate = new ArrayList<>();

  @Override
  public synchronized Optional<JsonNode> get(String key) {
    return Optional.ofNullable(map.get(key)).map(JsonNode::deepCopy);
  }

  @Override
  public synchronized void set(String key, JsonNode value) {
    map.put(key, value.deepCopy());
  }

  @Override
  public synchronized void delete(String key) {
    map.remove(key);
  }

  @Override
  public synchronized List<String> keys(String prefix) {
    return map.keySet().stream().filter(k -> k.startsWith(prefix)).toList();
  }

  @Override
  public Concurrency concurrency() {
    return Concurrency.ATOMIC;
  }

  @Override
  public Set<Capability> capabilities() {
    return Set.of(Capability.MUTATE, Capability.RANK, Capability.SEARCH);
  }

  @Override
  public <R> R mutate(Scope scope, Mutation<R> mutation) {
    if (!beforeMutate.isEmpty()) {
      beforeMutate.remove(0).run();
    }
    synchronized (this) {
      mutates++;
      SortedMap<String, JsonNode> current = new TreeMap<>();
      map.forEach((k, v) -> {
        if (scope.covers(k)) {
          current.put(k, v.deepCopy());
        }
      });
      Outcome<R> outcome = mutation.apply(current);
      outcome.next().ifPresent(next -> {
        next.keySet().stream().filter(k -> !scope.covers(k)).findFirst().ifPresent(k -> {
          throw new ScopeViolationException(k, scope);
        });
        current.keySet().forEach(map::remove);
        next.forEach((k, v) -> map.put(k, v.deepCopy()));
      });
      return outcome.result();
    }
  }

  @Override
  public synchronized RankResult rank(RankQuery query) {
    return RankSweep.rank(map.entrySet(), query);
  }

  @Override
  public synchronized SearchResult search(TextQuery query) {
    Set<String> words = words(query.text());
    List<RankedKey> hits = new ArrayList<>();
    for (Map.Entry<String, JsonNode> e : map.tailMap(query.prefix()).entrySet()) {
      if (!e.getKey().startsWith(query.prefix())) {
        break;
      }
      Set<String> text = words(e.getValue().path("text").asText());
      text.retainAll(words);
      if (!text.isEmpty()) {
        hits.add(new RankedKey(e.getKey(), text.size(), e.getValue().deepCopy()));
      }
    }
    hits.sort(Comparator.comparingDouble(RankedKey::score).reversed().thenComparing(RankedKey::key));
    return new SearchResult(hits.subList(0, Math.min(query.limit(), hits.size())));
  }

  static Set<String> words(String text) {
    Set<String> words = new HashSet<>();
    for (String word : Arrays.asList(text.toLowerCase(Locale.ROOT).split("[^a-z0-9]+"))) {
      if (!word.isEmpty()) {
        words.add(word.endsWith("s") ? word.substring(0, word.length() - 1) : word);
      }
    }
    return words;
  }

  @Override
  public void close() {}
}
