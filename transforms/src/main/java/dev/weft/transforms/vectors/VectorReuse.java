package dev.weft.transforms.vectors;

import dev.weft.context.embed.EmbedderIdentity;
import java.util.Collection;
import java.util.Map;

/**
 * Vectors already indexed for chunk texts, by {@code ChunkTextHash}: the served generation's
 * {@code VectorLookup::vectorsFor} in a run, a map in tests, {@link #NONE} when there is nothing to reuse.
 */
@FunctionalInterface
public interface VectorReuse {
  VectorReuse NONE = (identity, hashes) -> Map.of();

  Map<String, float[]> vectorsFor(EmbedderIdentity identity, Collection<String> chunkTextHashes);
}
