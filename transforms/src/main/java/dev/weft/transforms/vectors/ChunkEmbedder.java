package dev.weft.transforms.vectors;

import dev.weft.context.Chunk;
import dev.weft.context.ChunkVectors;
import dev.weft.context.embed.Embedder;
import dev.weft.context.embed.EmbeddingException;
import dev.weft.index.ChunkTextHash;
import dev.weft.transforms.ingest.FileOutcome;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Gives chunks their vectors: reused from the index when the same text was embedded by the same model
 * before, embedded in batches otherwise. A batch that fails is not retried here (the HTTP embedder retries
 * on its own) and loses nothing: its chunks get no vector, are counted as failed, and
 * {@code weft embed-missing} fills them in later. Not thread-safe, like the embedder it wraps.
 */
public final class ChunkEmbedder {
  public static final int DEFAULT_BATCH_SIZE = 32;

  /**
   * @param vectors one entry per input chunk (null where its batch failed)
   * @param embedded chunks embedded now
   * @param reused chunks whose vector came from the index (or from an identical text in the same call)
   * @param failed chunks left without a vector
   * @param lastError the message of the last failed batch, or null
   */
  public record Result(ChunkVectors vectors, long embedded, long reused, long failed, String lastError) {}

  private final Embedder embedder;
  private final VectorReuse reuse;
  private final int batchSize;

  public ChunkEmbedder(Embedder embedder, VectorReuse reuse, int batchSize) {
    this.embedder = Objects.requireNonNull(embedder, "embedder");
    this.reuse = Objects.requireNonNull(reuse, "reuse");
    if (batchSize < 1) {
      throw new IllegalArgumentException("embed batch size must be at least 1, got: " + batchSize);
    }
    this.batchSize = batchSize;
  }

  public Embedder embedder() {
    return embedder;
  }

  /**
   * Embeds the chunks of several files in one pass and hands each file back with its slice of the vectors.
   *
   * @param files files as chunked, in any order
   * @return the same files, in the same order, with vectors; and what embedding did
   */
  public FilesResult embedFiles(List<FileOutcome.Chunked> files) {
    List<Chunk> all = new ArrayList<>();
    files.forEach(f -> all.addAll(f.chunks()));
    Result result = embed(all);
    List<FileOutcome.Chunked> out = new ArrayList<>(files.size());
    int offset = 0;
    for (FileOutcome.Chunked file : files) {
      int n = file.chunks().size();
      out.add(file.withVectors(ChunkVectors.of(result.vectors().identity(),
          result.vectors().vectors().subList(offset, offset + n))));
      offset += n;
    }
    return new FilesResult(out, result);
  }

  /** Files with their vectors, and the tallies of the embedding that gave them. */
  public record FilesResult(List<FileOutcome.Chunked> files, Result result) {}

  public Result embed(List<Chunk> chunks) {
    List<String> hashes = new ArrayList<>(chunks.size());
    for (Chunk chunk : chunks) {
      hashes.add(ChunkTextHash.of(chunk));
    }
    Map<String, float[]> known = new HashMap<>(reuse.vectorsFor(embedder.identity(), new LinkedHashSet<>(hashes)));
    // each distinct missing text is embedded once, however many chunks carry it
    Map<String, String> toEmbed = new LinkedHashMap<>();
    for (int i = 0; i < chunks.size(); i++) {
      if (!known.containsKey(hashes.get(i))) {
        toEmbed.putIfAbsent(hashes.get(i), chunks.get(i).text());
      }
    }
    List<String> missingHashes = new ArrayList<>(toEmbed.keySet());
    List<String> texts = new ArrayList<>(toEmbed.values());
    long embedded = 0;
    String lastError = null;
    for (int from = 0; from < texts.size(); from += batchSize) {
      int to = Math.min(texts.size(), from + batchSize);
      try {
        List<float[]> vectors = embedder.embed(texts.subList(from, to));
        if (vectors.size() != to - from) {
          throw new EmbeddingException("embedder must return one vector per text, got: " + vectors.size()
              + " for " + (to - from) + " texts");
        }
        for (int i = from; i < to; i++) {
          float[] vector = vectors.get(i - from);
          if (!isZero(vector)) { // a zero vector (blank text) has no direction: the chunk stays without one
            known.put(missingHashes.get(i), vector);
            embedded++;
          }
        }
      } catch (EmbeddingException e) {
        lastError = e.getMessage(); // the chunks stay, without vectors, and are counted below
      }
    }
    List<float[]> vectors = new ArrayList<>(chunks.size());
    long failed = 0; // chunks without a vector: their batch failed, or the model gave a zero vector
    for (String hash : hashes) {
      float[] vector = known.get(hash);
      vectors.add(vector);
      failed += vector == null ? 1 : 0;
    }
    long reused = chunks.size() - failed - embedded; // vectors from the index, or a duplicate text's
    return new Result(ChunkVectors.of(embedder.identity(), vectors), embedded, reused, failed, lastError);
  }

  private static boolean isZero(float[] vector) {
    for (float v : vector) {
      if (v != 0f) {
        return false;
      }
    }
    return true;
  }
}
