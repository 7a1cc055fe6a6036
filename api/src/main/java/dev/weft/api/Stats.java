package dev.weft.api;

import dev.weft.context.Kind;
import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;

/**
 * What the served generation holds.
 *
 * @param generation the served generation number
 * @param files items (files or dataset records)
 * @param chunks chunks per kind (every kind present, zero when none)
 * @param indexBytes bytes of the Lucene files the served commit references
 * @param diskBytes bytes of the whole index directory, kept generations included
 * @param corpusRoot absolute corpus root (for a dataset, the dataset file)
 * @param vectors chunks with a vector per embedder identity ({@code model/dims}, sorted), and chunks without one
 */
public record Stats(long generation, long files, Map<Kind, Long> chunks, long indexBytes, long diskBytes,
    String corpusRoot, Vectors vectors) {
  public Stats {
    chunks = Map.copyOf(chunks);
  }

  /**
   * @param chunksByEmbedder chunks with a vector per identity ({@code model/dims}), sorted by name; two or more is
   *     a mixture, which recall with vectors refuses
   * @param chunksWithVectors chunks that have a vector
   * @param chunksWithoutVectors chunks that have no vector
   */
  public record Vectors(Map<String, Long> chunksByEmbedder, long chunksWithVectors, long chunksWithoutVectors) {
    public Vectors {
      chunksByEmbedder = Collections.unmodifiableMap(new TreeMap<>(chunksByEmbedder));
    }
  }
}
