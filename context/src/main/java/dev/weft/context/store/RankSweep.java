package dev.weft.context.store;

import com.fasterxml.jackson.databind.JsonNode;
import dev.weft.context.ChunkVectors;
import dev.weft.context.embed.EmbedderIdentity;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.PriorityQueue;
import java.util.Set;

/**
 * {@link Store#rank} by reading every value: exact cosine against each value of the query's identity, the
 * rest counted as skipped. What the in-memory store answers and the baseline an adapter's rank is measured
 * against; a caller holding values it read itself (a ledger recall by sweep) ranks them the same way.
 */
public final class RankSweep {
  private static final Comparator<RankedKey> BEST_FIRST =
      Comparator.comparingDouble(RankedKey::score).reversed().thenComparing(RankedKey::key);

  private RankSweep() {}

  /**
   * Ranks {@code values} (key to value; only keys under {@code query.prefix()} are considered). Identities are
   * compared before any arithmetic ({@link EmbedderIdentity#sameIdentity}); a value without an embedding or
   * with another identity's is counted in {@code skipped}, never scored. Hits carry the values as given.
   */
  public static RankResult rank(Iterable<Map.Entry<String, JsonNode>> values, RankQuery query) {
    ChunkVectors.check(query.identity(), query.vector(), "the rank query vector");
    PriorityQueue<RankedKey> best = new PriorityQueue<>(BEST_FIRST.reversed());
    Set<EmbedderIdentity> identities = new HashSet<>();
    int skipped = 0;
    for (Map.Entry<String, JsonNode> entry : values) {
      if (!entry.getKey().startsWith(query.prefix())) {
        continue;
      }
      Optional<StoredEmbedding> embedding = StoredEmbedding.of(entry.getValue());
      if (embedding.isEmpty()) {
        skipped++;
        continue;
      }
      identities.add(embedding.get().identity());
      if (!EmbedderIdentity.sameIdentity(embedding.get().identity(), query.identity())) {
        skipped++;
        continue;
      }
      best.add(new RankedKey(entry.getKey(), cosine(query.vector(), embedding.get().vector()), entry.getValue()));
      if (best.size() > query.limit()) {
        best.poll();
      }
    }
    List<RankedKey> hits = new ArrayList<>(best);
    hits.sort(BEST_FIRST);
    return new RankResult(hits, skipped, identities);
  }

  /** The cosine similarity of two vectors of equal length, in double precision. */
  public static double cosine(float[] a, float[] b) {
    if (a.length != b.length) {
      throw new IllegalArgumentException("vectors must have equal dims, got: " + a.length + " and " + b.length);
    }
    double dot = 0;
    double normA = 0;
    double normB = 0;
    for (int i = 0; i < a.length; i++) {
      dot += (double) a[i] * b[i];
      normA += (double) a[i] * a[i];
      normB += (double) b[i] * b[i];
    }
    return dot / Math.sqrt(normA * normB);
  }
}
