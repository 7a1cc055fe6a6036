package dev.weft.context.memory;

import com.fasterxml.jackson.databind.JsonNode;
import dev.weft.context.store.FilterStore;
import dev.weft.context.store.InMemoryStore;
import dev.weft.context.store.Mutation;
import dev.weft.context.store.RankedKey;
import dev.weft.context.store.Scope;
import dev.weft.context.store.SearchResult;
import dev.weft.context.store.TextQuery;
import java.util.AbstractMap;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The {@link InMemoryStore} with the search capability it lacks (it has no analyzer): a crude word-overlap score
 * (lower case, a trailing "s" folded) standing in for the Lucene store's Porter BM25. It counts mutates and can run
 * a hook before each one, to drive a competing writer deterministically.
 */
final class WordStore extends FilterStore {
  int mutates;
  /** Runs (once each, in order) just before the next mutates, outside the store's monitor. */
  final List<Runnable> beforeMutate = new ArrayList<>();

  WordStore() {
    super(new InMemoryStore());
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
    mutates++;
    return super.mutate(scope, mutation);
  }

  @Override
  public SearchResult search(TextQuery query) {
    Set<String> words = words(query.text());
    List<RankedKey> hits = new ArrayList<>();
    for (Map.Entry<String, JsonNode> e : entries(query.prefix())) {
      Set<String> text = words(e.getValue().path("text").asText());
      text.retainAll(words);
      if (!text.isEmpty()) {
        hits.add(new RankedKey(e.getKey(), text.size(), e.getValue()));
      }
    }
    hits.sort(Comparator.comparingDouble(RankedKey::score).reversed().thenComparing(RankedKey::key));
    return new SearchResult(hits.subList(0, Math.min(query.limit(), hits.size())));
  }

  private List<Map.Entry<String, JsonNode>> entries(String prefix) {
    List<Map.Entry<String, JsonNode>> entries = new ArrayList<>();
    for (String key : in.keys(prefix)) {
      in.get(key).ifPresent(value -> entries.add(new AbstractMap.SimpleEntry<>(key, value)));
    }
    return entries;
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
}
