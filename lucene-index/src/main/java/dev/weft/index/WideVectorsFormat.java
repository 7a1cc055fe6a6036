package dev.weft.index;

import java.io.IOException;
import org.apache.lucene.codecs.KnnVectorsFormat;
import org.apache.lucene.codecs.KnnVectorsReader;
import org.apache.lucene.codecs.KnnVectorsWriter;
import org.apache.lucene.codecs.lucene99.Lucene99HnswVectorsFormat;
import org.apache.lucene.index.SegmentReadState;
import org.apache.lucene.index.SegmentWriteState;
import org.apache.lucene.store.IOContext;
import org.apache.lucene.store.MergeInfo;

/**
 * Lucene's HNSW vector format with a higher dims limit, and a graph shaped by what searches it. It keeps the
 * delegate's SPI name, so segments record {@code Lucene99HnswVectorsFormat} and any reader opens them with Lucene's
 * own format (the limit and the graph's shape only matter when writing): nothing needs registering, nor merging
 * into a shaded jar.
 *
 * <p>Recall searches every segment of up to {@link NearestNeighbours#EXACT_MAX_FLOATS} vector floats exactly, so the
 * graph of a flushed segment (at most one indexing buffer) or of a small merge is never searched: it gets Lucene's
 * default, cheapest graph. Only a merge whose segment may be searched through its graph gets the dense one, and
 * Lucene's defaults are too sparse there for code embeddings (clustered, many exact duplicates): on the 19k-chunk
 * Python index merged from three flushed segments, self-recall@10 at beam 100 was 0.926 with 16 / 100, 0.982 with
 * 32 / 200 everywhere, 1.000 with 64 / 400 everywhere (1.7–1.9x the CPU of 32 / 200), and 0.999 with this split (16 /
 * 100 at flush, 64 / 400 for the merge: 1.09x the CPU of 32 / 200) — docs/quality.md, "Dense recall".
 */
final class WideVectorsFormat extends KnnVectorsFormat {
  /** Room for the largest common text embedders (3072 dims) with headroom. */
  static final int MAX_DIMS = 4096;
  /** Graph links per node (twice that on the bottom level) and the build beam of a graph that may be searched. */
  static final int MAX_CONN = 64;
  static final int BEAM_WIDTH = 400;
  /**
   * A merge into fewer documents than this is searched exactly at any admitted width ({@link #MAX_DIMS} floats
   * each), so it keeps the cheap graph. Vectors are at most one per document, which makes the bound safe.
   */
  static final long SEARCHED_GRAPH_MIN_DOCS = NearestNeighbours.EXACT_MAX_FLOATS / MAX_DIMS;
  private static final KnnVectorsFormat SEARCHED = new Lucene99HnswVectorsFormat(MAX_CONN, BEAM_WIDTH);
  private static final KnnVectorsFormat UNSEARCHED = new Lucene99HnswVectorsFormat();

  WideVectorsFormat() {
    super(SEARCHED.getName());
  }

  @Override
  public KnnVectorsWriter fieldsWriter(SegmentWriteState state) throws IOException {
    return graphFor(state.context).fieldsWriter(state);
  }

  /** The dense graph for a merge large enough that recall may search its graph, the default one otherwise. */
  static KnnVectorsFormat graphFor(IOContext context) {
    MergeInfo merge = context.mergeInfo;
    boolean searched = context.context == IOContext.Context.MERGE
        && (merge == null || merge.totalMaxDoc >= SEARCHED_GRAPH_MIN_DOCS);
    return searched ? SEARCHED : UNSEARCHED;
  }

  @Override
  public KnnVectorsReader fieldsReader(SegmentReadState state) throws IOException {
    return SEARCHED.fieldsReader(state);
  }

  @Override
  public int getMaxDimensions(String fieldName) {
    return MAX_DIMS;
  }

  @Override
  public String toString() {
    return "WideVectorsFormat(flush " + UNSEARCHED + ", merge " + SEARCHED + ", maxDims=" + MAX_DIMS + ")";
  }
}
