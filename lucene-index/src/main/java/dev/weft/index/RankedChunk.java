package dev.weft.index;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A chunk in a dense or hybrid ranking, with what the ranking order needs.
 *
 * @param doc top-level document id
 * @param score the mode's score
 * @param cosine raw cosine with the query vector, null when the chunk has no vector
 */
record RankedChunk(int doc, String path, int startLine, double score, Float cosine) {
  /** The BM25 order's rule in every mode: score first, equal scores by path, then by first line. */
  static final Comparator<RankedChunk> ORDER = Comparator.comparingDouble(RankedChunk::score).reversed()
      .thenComparing(RankedChunk::path)
      .thenComparingInt(RankedChunk::startLine);

  /** Sorts in {@link #ORDER}, then keeps each file's best chunk when asked, then the first {@code limit}. */
  static List<RankedChunk> cut(List<RankedChunk> chunks, int limit, boolean onePerFile) {
    List<RankedChunk> sorted = new ArrayList<>(chunks);
    sorted.sort(ORDER);
    if (!onePerFile) {
      return sorted.subList(0, Math.min(limit, sorted.size()));
    }
    Map<String, RankedChunk> best = new LinkedHashMap<>();
    for (RankedChunk chunk : sorted) {
      best.putIfAbsent(chunk.path(), chunk);
      if (best.size() == limit) {
        break;
      }
    }
    return new ArrayList<>(best.values());
  }
}
