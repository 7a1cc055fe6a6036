package dev.weft.context.graph;

import dev.weft.context.Hit;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * Spreading recall, one post-ranking step: each hit's score plus {@code w} × the best score among the ranked hits of
 * the files it shares an import edge with (1 hop, either direction), then the list re-sorted (ties keep the ranker's
 * order) and cut. It only re-orders hits the ranker found: a neighbour outside the ranked pool contributes nothing,
 * so the caller ranks a deeper pool ({@link #POOL}) than it returns. Called on one kind's hits at a time, so kinds
 * never mix.
 */
public final class SpreadingRecall {
  /** The hits ranked before spreading when fewer are asked for: neighbours must be in the pool to count. */
  public static final int POOL = 100;

  private SpreadingRecall() {}

  /**
   * @param hits one kind's hits, best first
   * @param weight {@code w}, at least 0 (0 returns the first {@code limit} hits unchanged)
   * @param neighbours the files sharing an import edge with a path (imports and importers)
   */
  public static List<Hit> apply(List<Hit> hits, double weight, Function<String, Collection<String>> neighbours,
      int limit) {
    if (weight == 0 || hits.isEmpty()) {
      return hits.subList(0, Math.min(limit, hits.size()));
    }
    Map<String, Float> bestByPath = new HashMap<>();
    for (Hit hit : hits) {
      bestByPath.merge(hit.path(), hit.score(), Math::max);
    }
    List<Hit> spread = new ArrayList<>(hits.size());
    for (Hit hit : hits) {
      float best = 0;
      for (String neighbour : neighbours.apply(hit.path())) {
        best = Math.max(best, bestByPath.getOrDefault(neighbour, 0f));
      }
      spread.add(new Hit(hit.path(), hit.kind(), hit.format(), (float) (hit.score() + weight * best), hit.chunk(),
          hit.cosine(), hit.meta()));
    }
    // a stable sort: equal scores keep the ranker's deterministic order
    spread.sort(Comparator.comparingDouble(Hit::score).reversed());
    return List.copyOf(spread.subList(0, Math.min(limit, spread.size())));
  }
}
