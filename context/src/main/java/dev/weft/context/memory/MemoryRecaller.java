package dev.weft.context.memory;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.weft.context.RecallMode;
import dev.weft.context.embed.EmbedderIdentity;
import dev.weft.context.error.ExitStatus;
import dev.weft.context.error.ReadOnlyStoreException;
import dev.weft.context.error.WeftException;
import dev.weft.context.fusion.FusedCandidate;
import dev.weft.context.fusion.FusionRule;
import dev.weft.context.fusion.ScoredCandidate;
import dev.weft.context.store.RankQuery;
import dev.weft.context.store.RankResult;
import dev.weft.context.store.RankSweep;
import dev.weft.context.store.RankedKey;
import dev.weft.context.store.Store;
import dev.weft.context.store.StoredEmbedding;
import dev.weft.context.store.TextQuery;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;
import java.util.UUID;

/**
 * Fact and episode recall: BM25 through {@link Store#search} (English, Porter-stemmed) under one scope's kind
 * prefix, and with an embedder the nearest neighbours through {@link Store#rank} joined to the BM25 pool and fused
 * by {@link FusionRule#DEFAULT}, the corpus hybrid's default rule. Vectors of another model are refused before any arithmetic.
 */
final class MemoryRecaller {
  /** Equal scores: the newer first, then by id, so the order is the same on every run. */
  static final Comparator<MemoryRecord> TIE_BREAK = Comparator.comparing(MemoryRecord::occurredAt).reversed()
      .thenComparing(MemoryRecord::id);

  private final Store store;
  private final MemoryVectors vectors;

  MemoryRecaller(Store store, MemoryVectors vectors) {
    this.store = store;
    this.vectors = vectors;
  }

  MemoryRecallResult recall(MemoryScope scope, MemoryQuery query, Instant now) {
    String prefix = MemoryKeys.kind(scope, query.kind());
    MemoryRecallResult result = query.mode() == RecallMode.BM25
        ? bm25(prefix, query) : near(prefix, query, embedQuery(query, scope));
    if (query.log()) {
      log(scope, query, result, now);
    }
    return result;
  }

  private MemoryRecallResult bm25(String prefix, MemoryQuery query) {
    List<MemoryHit> hits = new ArrayList<>();
    for (RankedKey hit : store.search(new TextQuery(prefix, query.text(), query.limit())).hits()) {
      hits.add(new MemoryHit(MemoryRecord.fromJson(hit.key(), hit.value()), hit.score(), (float) hit.score(), null));
    }
    hits.sort(Comparator.comparingDouble(MemoryHit::score).reversed()
        .thenComparing(MemoryHit::record, TIE_BREAK));
    return new MemoryRecallResult(hits, RecallMode.BM25, 0);
  }

  private StoredEmbedding embedQuery(MemoryQuery query, MemoryScope scope) {
    if (vectors.identity().isEmpty()) {
      throw new IllegalArgumentException(query.mode().id() + " recall of " + query.kind().id() + " memories in "
          + "scope " + scope + " needs an embedder and none is configured; open the memory with one (--embedder), "
          + "or recall with --mode bm25");
    }
    return vectors.embed(query.text());
  }

  private MemoryRecallResult near(String prefix, MemoryQuery query, StoredEmbedding queryVector) {
    EmbedderIdentity identity = queryVector.identity();
    int knn = query.mode() == RecallMode.DENSE ? query.limit() : Math.max(query.knnCandidates(), query.limit());
    RankResult near = store.rank(new RankQuery(prefix, queryVector.vector(), identity, knn));
    List<RankedKey> pool = query.mode() == RecallMode.HYBRID
        ? store.search(new TextQuery(prefix, query.text(), Math.max(query.poolSize(), query.limit()))).hits()
        : List.of();
    TreeSet<String> identities = new TreeSet<>();
    near.identities().forEach(i -> identities.add(i.toString()));
    Map<String, Float> cosines = new LinkedHashMap<>();
    for (RankedKey hit : pool) {
      Optional<StoredEmbedding> stored = StoredEmbedding.of(hit.value());
      stored.ifPresent(s -> identities.add(s.identity().toString()));
      stored.filter(s -> EmbedderIdentity.sameIdentity(s.identity(), identity))
          .ifPresent(s -> cosines.put(hit.key(), (float) RankSweep.cosine(queryVector.vector(), s.vector())));
    }
    identities.remove(identity.toString());
    if (!identities.isEmpty()) {
      throw new WeftException(ExitStatus.BAD_INPUT, "the " + query.kind().id() + " memories under '" + prefix
          + "' carry vectors of " + identities + " but the query is embedded by " + identity + "; vectors of "
          + "different models are never compared — recall with the embedder they were made by, or forget and "
          + "remember them again with one model");
    }
    // with no vector at all, a hybrid answer would be the bm25 one under another name: refused, as near recall
    // without an embedder is
    if (near.identities().isEmpty() && near.skipped() > 0) {
      throw new WeftException(ExitStatus.BAD_INPUT, "none of the " + near.skipped() + " " + query.kind().id()
          + " memories under '" + prefix + "' has a vector, so " + query.mode().id() + " recall cannot rank them; "
          + "remember them with an embedder, or recall with --mode bm25");
    }
    Map<String, ScoredCandidate<MemoryRecord>> candidates = new LinkedHashMap<>();
    for (RankedKey hit : pool) {
      candidates.put(hit.key(), new ScoredCandidate<>(MemoryRecord.fromJson(hit.key(), hit.value()),
          (float) hit.score(), cosines.get(hit.key())));
    }
    for (RankedKey hit : near.hits()) {
      ScoredCandidate<MemoryRecord> lexical = candidates.get(hit.key());
      candidates.put(hit.key(), new ScoredCandidate<>(MemoryRecord.fromJson(hit.key(), hit.value()),
          lexical == null ? null : lexical.lexical(), (float) hit.score()));
    }
    double weight = query.mode() == RecallMode.DENSE ? 1 : query.embedWeight();
    List<MemoryHit> hits = new ArrayList<>();
    List<FusedCandidate<MemoryRecord>> ranked =
        FusionRule.DEFAULT.fusion().rank(List.copyOf(candidates.values()), weight, TIE_BREAK);
    for (FusedCandidate<MemoryRecord> fused : ranked) {
      double score = query.mode() == RecallMode.DENSE ? fused.cosine() : fused.score();
      hits.add(new MemoryHit(fused.item(), score, fused.lexical(), fused.cosine()));
      if (hits.size() == query.limit()) {
        break;
      }
    }
    return new MemoryRecallResult(hits, query.mode(), near.skipped());
  }

  /** One key per recall, written on its own: the log is append-only, so it needs no mutate. */
  private void log(MemoryScope scope, MemoryQuery query, MemoryRecallResult result, Instant now) {
    ObjectNode entry = JsonNodeFactory.instance.objectNode();
    entry.put("at", now.toString());
    entry.put("query", query.text());
    entry.put("kind", query.kind().id());
    entry.put("mode", result.mode().id());
    var ids = entry.putArray("ids");
    result.hits().forEach(hit -> ids.add(hit.record().id()));
    try {
      store.set(MemoryKeys.log(scope, now.toEpochMilli(), UUID.randomUUID().toString()), entry);
    } catch (ReadOnlyStoreException e) {
      // the log only counts use, and a read-only store can hold no more of it: the recall stays a read that
      // answers (docs/ledger.md, "Recall log"); any other failure to write it fails the recall, as before
    }
  }
}
