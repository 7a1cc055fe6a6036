package dev.weft.index;

import dev.weft.context.Kind;
import java.util.Map;

/**
 * What the served generation holds.
 *
 * @param generation the served generation number
 * @param files file-state documents
 * @param chunks chunk documents per kind (every kind present, zero when none)
 * @param indexBytes bytes of the Lucene files the served commit references
 * @param diskBytes bytes of the whole index directory, kept generations included
 * @param corpusRoot absolute corpus root
 * @param vectors chunks with a vector per embedder identity, and chunks without one
 */
public record IndexStats(
    long generation, long files, Map<Kind, Long> chunks, long indexBytes, long diskBytes, String corpusRoot,
    VectorCensus vectors) {
  public IndexStats {
    chunks = Map.copyOf(chunks);
  }

  public long totalChunks() {
    return chunks.values().stream().mapToLong(Long::longValue).sum();
  }
}
