package dev.weft.models.embed;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * Vector rules every Weft embedder shares: vectors are unit length, and a blank text (nothing to embed) is a zero
 * vector produced without calling a model, so one empty chunk never fails a whole batch.
 */
public final class Vectors {
  private Vectors() {}

  public static boolean isBlank(String text) {
    return text == null || text.isBlank();
  }

  /**
   * One vector per text, in order: a blank text gets the zero vector of {@code dims} without reaching
   * {@code embedBatch}; the others go to it in their order, at most {@code batchSize} at a time, and it returns one
   * vector per text it was given. The one loop of every embedder, so none sends a model an empty input.
   */
  public static List<float[]> embedNonBlank(List<String> texts, int dims, int batchSize,
      Function<List<String>, List<float[]>> embedBatch) {
    if (batchSize < 1) {
      throw new IllegalArgumentException("batchSize must be at least 1, got: " + batchSize);
    }
    List<float[]> vectors = new ArrayList<>(texts.size());
    List<String> batch = new ArrayList<>();
    List<Integer> positions = new ArrayList<>();
    for (int i = 0; i < texts.size(); i++) {
      vectors.add(new float[dims]);
      if (isBlank(texts.get(i))) {
        continue; // stays the zero vector: there is nothing to embed
      }
      batch.add(texts.get(i));
      positions.add(i);
      if (batch.size() == batchSize) {
        fill(vectors, positions, batch, embedBatch);
      }
    }
    if (!batch.isEmpty()) {
      fill(vectors, positions, batch, embedBatch);
    }
    return vectors;
  }

  private static void fill(List<float[]> vectors, List<Integer> positions, List<String> batch,
      Function<List<String>, List<float[]>> embedBatch) {
    List<float[]> embedded = embedBatch.apply(List.copyOf(batch));
    for (int j = 0; j < embedded.size(); j++) {
      vectors.set(positions.get(j), embedded.get(j));
    }
    batch.clear();
    positions.clear();
  }

  /** Scales {@code vector} in place to unit length; a zero vector stays zero. Returns {@code vector}. */
  public static float[] normalizeInPlace(float[] vector) {
    double sumOfSquares = 0;
    for (float v : vector) {
      sumOfSquares += (double) v * v;
    }
    if (sumOfSquares == 0) {
      return vector;
    }
    float inverseNorm = (float) (1 / Math.sqrt(sumOfSquares));
    for (int i = 0; i < vector.length; i++) {
      vector[i] *= inverseNorm;
    }
    return vector;
  }
}
