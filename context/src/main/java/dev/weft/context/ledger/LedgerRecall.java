package dev.weft.context.ledger;

import com.fasterxml.jackson.databind.JsonNode;
import dev.weft.context.embed.Embedder;
import dev.weft.context.embed.EmbedderIdentity;
import dev.weft.context.error.ExitStatus;
import dev.weft.context.error.Quote;
import dev.weft.context.error.WeftException;
import dev.weft.context.jq.JqBounds;
import dev.weft.context.ledger.LedgerKeys.Kind;
import dev.weft.context.program.CancelSignal;
import dev.weft.context.ledger.Recalled.Hit;
import dev.weft.context.ledger.Recalled.Ranking;
import dev.weft.context.store.Outcome;
import dev.weft.context.store.RankQuery;
import dev.weft.context.store.RankResult;
import dev.weft.context.store.RankSweep;
import dev.weft.context.store.RankedKey;
import dev.weft.context.store.Scope;
import dev.weft.context.store.Store;
import dev.weft.context.store.StoredEmbedding;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Recall of memories and skills: filter by tags and a jq predicate, then rank by tag matches and recency, or by
 * cosine similarity to {@code near}. Vectors are compared only when their embedder identity is the query's
 * ({@link EmbedderIdentity#sameIdentity}), checked before any arithmetic; a mixture is refused by name.
 */
final class LedgerRecall {
  private final Store store;
  private final Optional<Embedder> embedder;

  LedgerRecall(Store store, Optional<Embedder> embedder) {
    this.store = store;
    this.embedder = embedder;
  }

  Recalled recall(Kind kind, RecallQuery query, JqBounds jqBounds, CancelSignal cancel) {
    Optional<JqPredicate> where = query.where().map(JqPredicate::compile);
    if (query.near().isPresent() && embedder.isEmpty()) {
      throw new IllegalArgumentException("recall near '" + Quote.of(query.near().get()) + "' needs an embedder and this "
          + "ledger has none: open it with an embedder (--embedder MODEL), or recall by tags or --where");
    }
    if (query.near().isPresent()) {
      LedgerEmbedder.checkQuery(store, embedder.get().identity());
    }
    if (query.near().isPresent() && query.tags().isEmpty() && where.isEmpty()
        && store.capabilities().contains(Store.Capability.RANK)) {
      return nearest(kind, query);
    }
    SortedMap<String, JsonNode> all = read(kind.prefix());
    Map<String, JsonNode> tagged = new LinkedHashMap<>();
    for (Map.Entry<String, JsonNode> record : all.entrySet()) {
      if (query.tags().isEmpty() || tagMatches(record.getValue(), query.tags()) > 0) {
        tagged.put(record.getKey(), record.getValue());
      }
    }
    Map<String, JsonNode> candidates = tagged;
    if (where.isPresent()) {
      Map<String, JqPredicate.Record> records = new LinkedHashMap<>();
      tagged.forEach((key, value) -> records.put(key,
          new JqPredicate.Record(value.path("id").asText(), Records.withoutVector(value))));
      Map<String, JsonNode> kept = where.get().filter(records, jqBounds, cancel);
      candidates = new LinkedHashMap<>();
      for (String key : kept.keySet()) {
        candidates.put(key, tagged.get(key));
      }
    }
    if (query.near().isEmpty()) {
      List<Hit> hits = new ArrayList<>();
      candidates.values().forEach(v -> hits.add(new Hit(v.get("id").asText(), tagMatches(v, query.tags()),
          Records.withoutVector(v))));
      return new Recalled(top(hits, candidates, query), 0, "sweep",
          new Ranking("tags+recency", true, candidates.size()));
    }
    return near(kind, query, all, candidates);
  }

  private Recalled near(Kind kind, RecallQuery query, SortedMap<String, JsonNode> all,
      Map<String, JsonNode> candidates) {
    float[] vector = embed(query.near().get());
    EmbedderIdentity identity = embedder.orElseThrow().identity();
    Map<String, StoredEmbedding> vectors = new LinkedHashMap<>();
    Set<String> foreign = new TreeSet<>();
    int skipped = 0;
    for (Map.Entry<String, JsonNode> candidate : candidates.entrySet()) {
      Optional<StoredEmbedding> stored = StoredEmbedding.of(candidate.getValue());
      if (stored.isEmpty()) {
        skipped++;
      } else if (!EmbedderIdentity.sameIdentity(identity, stored.get().identity())) {
        foreign.add(stored.get().identity().toString());
      } else {
        vectors.put(candidate.getKey(), stored.get());
      }
    }
    refuseForeign(kind, identity, foreign);
    List<Hit> hits = new ArrayList<>();
    if (store.capabilities().contains(Store.Capability.RANK) && !vectors.isEmpty()) {
      RankResult ranked = store.rank(new RankQuery(kind.prefix(), vector, identity, all.size()));
      Set<String> found = new TreeSet<>();
      ranked.identities().stream().filter(i -> !EmbedderIdentity.sameIdentity(identity, i))
          .forEach(i -> found.add(i.toString()));
      refuseForeign(kind, identity, found);
      for (RankedKey hit : ranked.hits()) {
        if (vectors.containsKey(hit.key())) {
          JsonNode value = candidates.get(hit.key());
          hits.add(new Hit(value.get("id").asText(), hit.score(), Records.withoutVector(value)));
        }
      }
      boolean exhaustive = ranked.hits().size() + ranked.skipped() >= all.size();
      return new Recalled(top(hits, candidates, query), skipped, "adapter",
          new Ranking("cosine", exhaustive, hits.size()));
    }
    for (Map.Entry<String, StoredEmbedding> candidate : vectors.entrySet()) {
      JsonNode value = candidates.get(candidate.getKey());
      hits.add(new Hit(value.get("id").asText(), RankSweep.cosine(vector, candidate.getValue().vector()),
          Records.withoutVector(value)));
    }
    return new Recalled(top(hits, candidates, query), skipped, "sweep",
        new Ranking("cosine", true, vectors.size()));
  }

  /**
   * Nothing narrows the candidates: the store's rank alone answers, and no record is read here. Reported as not
   * exhaustive: an adapter may find its neighbours approximately (the Lucene store's KNN graph).
   */
  private Recalled nearest(Kind kind, RecallQuery query) {
    float[] vector = embed(query.near().get());
    EmbedderIdentity identity = embedder.orElseThrow().identity();
    RankResult ranked = store.rank(new RankQuery(kind.prefix(), vector, identity, query.limit()));
    Set<String> foreign = new TreeSet<>();
    ranked.identities().stream().filter(i -> !EmbedderIdentity.sameIdentity(identity, i))
        .forEach(i -> foreign.add(i.toString()));
    refuseForeign(kind, identity, foreign);
    List<Hit> hits = new ArrayList<>();
    Map<String, JsonNode> values = new LinkedHashMap<>();
    for (RankedKey hit : ranked.hits()) {
      hits.add(new Hit(hit.value().get("id").asText(), hit.score(), Records.withoutVector(hit.value())));
      values.put(hit.key(), hit.value());
    }
    return new Recalled(top(hits, values, query), ranked.skipped(), "adapter",
        new Ranking("cosine", false, hits.size()));
  }

  private float[] embed(String text) {
    Embedder model = embedder.orElseThrow();
    synchronized (model) {
      return model.embed(List.of(text)).get(0);
    }
  }

  private static void refuseForeign(Kind kind, EmbedderIdentity query, Set<String> foreign) {
    if (!foreign.isEmpty()) {
      throw new WeftException(ExitStatus.BAD_INPUT, "recall near refused: the query is embedded by " + query
          + " but " + kind.label() + " records carry vectors of " + foreign + "; nothing was compared — run "
          + "embedMissing with " + query + " (it re-embeds records of another model) or recall with that model");
    }
  }

  private SortedMap<String, JsonNode> read(String prefix) {
    // one read-only mutate: every record of the kind as of one moment
    return store.mutate(Scope.prefix(prefix), current -> Outcome.read(new TreeMap<>(current)));
  }

  private static List<Hit> top(List<Hit> hits, Map<String, JsonNode> candidates, RecallQuery query) {
    Map<String, Instant> recency = new LinkedHashMap<>();
    candidates.values().forEach(v -> recency.put(v.get("id").asText(), Instant.parse(v.path("updatedAt").asText())));
    return hits.stream()
        .filter(hit -> query.minScore().isEmpty() || hit.score() >= query.minScore().getAsDouble())
        .sorted(Comparator.comparingDouble(Hit::score).reversed()
            .thenComparing((Hit hit) -> recency.get(hit.id()), Comparator.reverseOrder())
            .thenComparingLong(hit -> number(hit.id())))
        .limit(query.limit())
        .toList();
  }

  private static long number(String address) {
    return Long.parseLong(address.substring(address.indexOf(':') + 1));
  }

  private static int tagMatches(JsonNode value, Set<String> tags) {
    int matched = 0;
    for (JsonNode tag : value.path("tags")) {
      if (tags.contains(tag.asText())) {
        matched++;
      }
    }
    return matched;
  }
}
