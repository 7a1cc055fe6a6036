package dev.weft.index;

/**
 * How a nearest-neighbour query visits a segment's vectors. Recall always runs {@link #SERVED}; the other
 * two exist to measure it against ({@link VectorSelfRecall}, {@link KnnLatency}).
 */
public enum KnnSearch {
  /** Exact in a segment of up to {@link NearestNeighbours#EXACT_MAX_FLOATS} vector floats, the HNSW graph above. */
  SERVED,
  /** The HNSW graph in every segment (Lucene's own behaviour, exact only where a filter leaves few docs). */
  GRAPH,
  /** Every vector of every segment compared with the query: the ground truth. */
  EXACT
}
