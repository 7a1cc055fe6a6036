package dev.weft.context.store;

import dev.weft.context.embed.EmbedderIdentity;
import java.util.List;
import java.util.Set;

/**
 * The answer of {@link Store#rank}.
 *
 * @param hits the nearest values, best first, scored by exact cosine similarity; ties by key
 * @param skipped values under the prefix that could not be compared: no embedding, or another identity's
 * @param identities every embedder identity seen under the prefix, so a caller can tell "nothing near" from "embedded
 *     by another model"
 */
public record RankResult(List<RankedKey> hits, int skipped, Set<EmbedderIdentity> identities) {
  public RankResult {
    hits = List.copyOf(hits);
    identities = Set.copyOf(identities);
    if (skipped < 0) {
      throw new IllegalArgumentException("skipped must be at least 0, got: " + skipped);
    }
  }
}
