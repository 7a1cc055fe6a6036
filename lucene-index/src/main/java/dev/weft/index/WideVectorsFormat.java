package dev.weft.index;

import java.io.IOException;
import org.apache.lucene.codecs.KnnVectorsFormat;
import org.apache.lucene.codecs.KnnVectorsReader;
import org.apache.lucene.codecs.KnnVectorsWriter;
import org.apache.lucene.codecs.lucene99.Lucene99HnswVectorsFormat;
import org.apache.lucene.index.SegmentReadState;
import org.apache.lucene.index.SegmentWriteState;

/**
 * Lucene's HNSW vector format with a higher dims limit. It keeps the delegate's SPI name, so segments
 * record {@code Lucene99HnswVectorsFormat} and any reader opens them with Lucene's own format (the
 * limit is only checked when writing): nothing needs registering, nor merging into a shaded jar.
 */
final class WideVectorsFormat extends KnnVectorsFormat {
  /** Room for the largest common text embedders (3072 dims) with headroom. */
  static final int MAX_DIMS = 4096;
  private static final KnnVectorsFormat DELEGATE = new Lucene99HnswVectorsFormat();

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
