package dev.weft.models.embed;

/**
 * Vector rules every Weft embedder shares: vectors are unit length, and a blank text (nothing to embed) is a zero
 * vector produced without calling a model, so one empty chunk never fails a whole batch.
 */
public final class Vectors {
  private Vectors() {}

  public static boolean isBlank(String text) {
    return text == null || text.isBlank();
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
