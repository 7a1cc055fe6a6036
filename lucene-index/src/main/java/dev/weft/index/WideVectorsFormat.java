package dev.weft.index;

import java.io.IOException;
import org.apache.lucene.codecs.KnnVectorsFormat;
import org.apache.lucene.codecs.KnnVectorsReader;
import org.apache.lucene.codecs.KnnVectorsWriter;
import org.apache.lucene.codecs.lucene99.Lucene99HnswVectorsFormat;
import org.apache.lucene.index.SegmentReadState;
import org.apache.lucene.index.SegmentWriteState;

/**
 * Lucene's HNSW vector format with a higher dims limit and a denser graph. It keeps the delegate's SPI name, so
 * segments record {@code Lucene99HnswVectorsFormat} and any reader opens them with Lucene's own format (the limit
 * and the graph's shape only matter when writing): nothing needs registering, nor merging into a shaded jar.
 */
final class WideVectorsFormat extends KnnVectorsFormat {
  /** Room for the largest common text embedders (3072 dims) with headroom. */
  static final int MAX_DIMS = 4096;
  /**
   * Graph links per node (twice that on the bottom level) and the candidate beam while building. Lucene's 16 / 100
   * are too few for code embeddings: on a 19k-chunk Python index merged from three flushed segments the graph found
   * 0.926 of the true 10 nearest neighbours (beam 100), 32 / 200 found 0.982, for 1.65x the graph's build and merge
   * time and 0.7% more index (docs/quality.md, "Dense recall"). Only segments too large to search exactly use it.
   */
  static final int MAX_CONN = 32;
  static final int BEAM_WIDTH = 200;
  private static final KnnVectorsFormat DELEGATE = new Lucene99HnswVectorsFormat(MAX_CONN, BEAM_WIDTH);

  WideVectorsFormat() {
    super(DELEGATE.getName());
  }

  @Override
  public KnnVectorsWriter fieldsWriter(SegmentWriteState state) throws IOException {
    return DELEGATE.fieldsWriter(state);
  }

  @Override
  public KnnVectorsReader fieldsReader(SegmentReadState state) throws IOException {
    return DELEGATE.fieldsReader(state);
  }

  @Override
  public int getMaxDimensions(String fieldName) {
    return MAX_DIMS;
  }

  @Override
  public String toString() {
    return "WideVectorsFormat(" + DELEGATE + ", maxDims=" + MAX_DIMS + ")";
  }
}
