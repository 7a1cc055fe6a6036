package dev.weft.index;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.context.embed.EmbedderIdentity;
import java.nio.file.Path;
import java.util.Random;
import org.apache.lucene.document.Document;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.KeepOnlyLastCommitDeletionPolicy;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FSDirectory;
import org.apache.lucene.store.FlushInfo;
import org.apache.lucene.store.IOContext;
import org.apache.lucene.store.MergeInfo;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class WideVectorsFormatTest {
  private static final EmbedderIdentity MODEL = new EmbedderIdentity("clustered", 32);

  @Test
  void flushesAndSmallMergesGetTheCheapGraphOnlyLargeMergesTheDenseOne() {
    assertThat(maxConn(new IOContext(new FlushInfo(50_000, 1 << 30)))).isEqualTo(16);
    assertThat(maxConn(merge(WideVectorsFormat.SEARCHED_GRAPH_MIN_DOCS - 1))).isEqualTo(16);
    assertThat(maxConn(merge(WideVectorsFormat.SEARCHED_GRAPH_MIN_DOCS))).isEqualTo(WideVectorsFormat.MAX_CONN);
  }

  /**
   * Clustered vectors with exact duplicates, flushed in several segments and merged into one large enough for
   * recall to search its graph: through the graph alone it still finds the true nearest neighbours. With a
   * 32 / 200 graph everywhere (the format before) this data gave 0.966 (0.886 with 8,000 vectors).
   */
  @Test
  void aMergedSegmentsGraphFindsTheTrueNeighboursOfClusteredDuplicatedVectors(@TempDir Path temp) throws Exception {
    DenseSelfRecallTest.ClusteredVectors vectors =
        new DenseSelfRecallTest.ClusteredVectors(new Random(7), 20, MODEL.dims(), 0.3f, 0.3);
    IndexWriterConfig config = IndexConfig.writerConfig(new KeepOnlyLastCommitDeletionPolicy());
    config.setMaxBufferedDocs(1_250);
    config.setRAMBufferSizeMB(IndexWriterConfig.DISABLE_AUTO_FLUSH);
    try (Directory directory = FSDirectory.open(temp); IndexWriter writer = new IndexWriter(directory, config)) {
      for (int i = 0; i < 5_000; i++) {
        Document document = new Document();
        document.add(SharedVectors.field(MODEL, vectors.next()));
        writer.addDocument(document);
      }
      writer.forceMerge(1);
      writer.commit();
      try (DirectoryReader reader = DirectoryReader.open(directory)) {
        assertThat(reader.leaves()).hasSize(1);
        SelfRecall recall = VectorSelfRecall.sample(reader, 300, 10, 42, KnnSearch.GRAPH);
        assertThat(recall.recall()).isGreaterThanOrEqualTo(0.99);
      }
    }
  }

  private static IOContext merge(long docs) {
    return new IOContext(new MergeInfo((int) docs, 1L << 30, false, 1));
  }

  private static int maxConn(IOContext context) {
    String format = WideVectorsFormat.graphFor(context).toString();
    return Integer.parseInt(format.replaceAll(".*maxConn=(\\d+).*", "$1"));
  }
}
