package dev.weft.transforms.vectors;

import dev.weft.context.Chunk;
import dev.weft.context.ChunkTextHash;
import dev.weft.context.ChunkVectors;
import dev.weft.context.DeadLetter;
import dev.weft.context.EmbeddedText;
import dev.weft.context.embed.EmbedFailureReason;
import dev.weft.context.embed.Embedder;
import dev.weft.context.embed.EmbedderSpec;
import dev.weft.context.embed.EmbeddingException;
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
 * before, embedded in batches otherwise. What is embedded, and hashed for reuse, is {@link EmbeddedText#of}
 * (a code chunk's text led by its qualified name), here for every executor. A batch that fails is not retried here (the HTTP embedder retries
 * on its own) and loses nothing: its chunks get no vector, each gets a dead letter with the failure's reason,
 * and {@code weft embed-missing} fills them in later. Once the run's {@link CircuitBreaker} is open no batch is
 * sent: its chunks fail as {@code circuit_open}. Not thread-safe, like the embedder it wraps; the breaker is.
 */
public final class ChunkEmbedder {
  public static final int DEFAULT_BATCH_SIZE = 32;

  /**
   * @param vectors one entry per input chunk (null where its batch failed)
   * @param embedded chunks embedded now
   * @param reused chunks whose vector came from the index (or from an identical text in the same call)
   * @param failed chunks left without a vector
   * @param failures one dead letter per chunk left without a vector (stage {@value #STAGE}, the chunk id as
   *     path, the reason's code, the failure's message), in chunk order
   */
  public record Result(ChunkVectors vectors, long embedded, long reused, long failed, List<DeadLetter> failures) {
    public Result {
      failures = List.copyOf(failures);
    }
  }

  /** The stage of an embedding failure's dead letter. */
  public static final String STAGE = "embed";

  private final Embedder embedder;
  private final VectorReuse reuse;
  private final int batchSize;
  private final CircuitBreaker breaker;

  /** With a breaker of its own at the default threshold; a run shares one through the other constructor. */
  public ChunkEmbedder(Embedder embedder, VectorReuse reuse, int batchSize) {
    this(embedder, reuse, batchSize, new CircuitBreaker(EmbedderSpec.DEFAULT_BREAKER_THRESHOLD));
  }

  public ChunkEmbedder(Embedder embedder, VectorReuse reuse, int batchSize, CircuitBreaker breaker) {
    this.embedder = Objects.requireNonNull(embedder, "embedder");
    this.reuse = Objects.requireNonNull(reuse, "reuse");
    this.breaker = Objects.requireNonNull(breaker, "breaker");
    this.batchSize = requireBatchSize(batchSize);
  }

  /** The one check of an embed batch size, wherever one is given (a run's settings, the Beam step, here). */
  public static int requireBatchSize(int chunks) {
    if (chunks < 1) {
      throw new IllegalArgumentException("embed batch size must be at least 1, got: " + chunks);
    }
    return chunks;
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
    List<String> embeddedTexts = new ArrayList<>(chunks.size());
    for (Chunk chunk : chunks) {
      String text = EmbeddedText.of(chunk);
      embeddedTexts.add(text);
      hashes.add(ChunkTextHash.of(text));
    }
    Map<String, float[]> known = new HashMap<>(reuse.vectorsFor(embedder.identity(), new LinkedHashSet<>(hashes)));
    // each distinct missing text is embedded once, however many chunks carry it
    Map<String, String> toEmbed = new LinkedHashMap<>();
    for (int i = 0; i < chunks.size(); i++) {
      if (!known.containsKey(hashes.get(i))) {
        toEmbed.putIfAbsent(hashes.get(i), embeddedTexts.get(i));
      }
    }
    List<String> missingHashes = new ArrayList<>(toEmbed.keySet());
    List<String> texts = new ArrayList<>(toEmbed.values());
    long embedded = 0;
    Map<String, EmbeddingException> failedTexts = new HashMap<>();
    for (int from = 0; from < texts.size(); from += batchSize) {
      int to = Math.min(texts.size(), from + batchSize);
      List<String> batchHashes = missingHashes.subList(from, to);
      if (breaker.isOpen()) {
        EmbeddingException notSent = new EmbeddingException(EmbedFailureReason.CIRCUIT_OPEN, breaker.openMessage());
        batchHashes.forEach(hash -> failedTexts.put(hash, notSent));
        continue;
      }
      try {
        List<float[]> vectors = embedder.embed(texts.subList(from, to));
        if (vectors.size() != to - from) {
          throw new EmbeddingException(EmbedFailureReason.MISSING_VECTORS, "embedder must return one vector per "
              + "text, got: " + vectors.size() + " for " + (to - from) + " texts");
        }
        breaker.recordSuccess();
        for (int i = from; i < to; i++) {
          float[] vector = vectors.get(i - from);
          if (isZero(vector)) { // no direction, no cosine: the chunk stays without a vector
            failedTexts.put(missingHashes.get(i), zeroVector(texts.get(i)));
          } else {
            known.put(missingHashes.get(i), vector);
            embedded++;
          }
        }
      } catch (EmbeddingException e) {
        breaker.recordFailure(e);
        batchHashes.forEach(hash -> failedTexts.put(hash, e)); // the chunks stay, without vectors
      }
    }
    List<float[]> vectors = new ArrayList<>(chunks.size());
    List<DeadLetter> failures = new ArrayList<>();
    for (int i = 0; i < chunks.size(); i++) {
      float[] vector = known.get(hashes.get(i));
      vectors.add(vector);
      if (vector == null) {
        EmbeddingException failure = failedTexts.get(hashes.get(i));
        failures.add(new DeadLetter(chunks.get(i).id(), STAGE, failure.reason().code(), failure.getMessage()));
      }
    }
    long failed = failures.size();
    long reused = chunks.size() - failed - embedded; // vectors from the index, or a duplicate text's
    return new Result(ChunkVectors.of(embedder.identity(), vectors), embedded, reused, failed, failures);
  }

  private static EmbeddingException zeroVector(String text) {
    return new EmbeddingException(EmbedFailureReason.ZERO_VECTOR, text.isBlank()
        ? "the chunk's text is blank, so it has no vector"
        : "the embedder returned a zero vector (no direction, so no cosine) for this non-blank text");
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
