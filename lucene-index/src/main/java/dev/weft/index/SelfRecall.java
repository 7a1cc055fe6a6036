package dev.weft.index;

/**
 * A sampled self-recall of an index's nearest-neighbour search: {@code sampled} chunks were each searched with their
 * own stored vector, and {@code found} of the {@code sampled x k} true nearest neighbours (exact search's top
 * {@code k}; a neighbour as near as the k-th counts) came back. {@code recall} is {@code found} over the neighbours
 * there were to find ({@code sampled x k}, fewer in an index of fewer than k vectors), 1.0 when nothing was sampled
 * (no vectors: nothing to miss — check {@code sampled}).
 */
public record SelfRecall(int sampled, int k, long found, double recall) {
  public SelfRecall {
    if (sampled < 0 || k < 1 || found < 0 || found > (long) sampled * k) {
      throw new IllegalArgumentException("self-recall needs 0 <= found <= sampled x k and k >= 1, got: sampled "
          + sampled + ", k " + k + ", found " + found);
    }
  }

  static SelfRecall of(int sampled, int k, long found, long expected) {
    return new SelfRecall(sampled, k, found, expected == 0 ? 1.0 : found / (double) expected);
  }
}
