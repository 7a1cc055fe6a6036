package dev.weft.index;

import dev.weft.context.Kind;
import dev.weft.index.analysis.CodeAnalyzer;
import dev.weft.index.analysis.DocAnalyzer;
import java.util.Map;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.core.KeywordAnalyzer;
import org.apache.lucene.analysis.miscellaneous.PerFieldAnalyzerWrapper;
import org.apache.lucene.codecs.Codec;
import org.apache.lucene.codecs.KnnVectorsFormat;
import org.apache.lucene.codecs.lucene912.Lucene912Codec;
import org.apache.lucene.index.IndexDeletionPolicy;
import org.apache.lucene.index.IndexWriterConfig;

/** Analyzers and writer settings shared by the index writer and shard writers. */
final class IndexConfig {
  /** Analyzers are thread-safe (per-thread token stream reuse) and cheap to keep for the JVM. */
  private static final Analyzer CODE_INDEX = new CodeAnalyzer();
  private static final Analyzer DOC = new DocAnalyzer();
  private static final Analyzer CODE_QUERY = CodeAnalyzer.forQuery();
  private static final Analyzer PATH_INDEX = CodeAnalyzer.forPaths();
  private static final Analyzer PATH_QUERY = CodeAnalyzer.forPathQuery();
  private static final Analyzer INDEX_ANALYZER =
      new PerFieldAnalyzerWrapper(
          new KeywordAnalyzer(),
          Map.of(
              ChunkDocuments.textField(Kind.CODE), CODE_INDEX,
              ChunkDocuments.symbolField(Kind.CODE), CODE_INDEX,
              ChunkDocuments.textField(Kind.DOC), DOC,
              ChunkDocuments.symbolField(Kind.DOC), DOC,
              // paths are identifier-like: src/main/java/FooBar.java -> foo, bar, java...
              ChunkDocuments.PATH_TOKENS, PATH_INDEX));

  /**
   * Stored bodies are most of the index: DEFLATE roughly halves them against LZ4. Vector fields use a
   * format that admits {@link WideVectorsFormat#MAX_DIMS} dims instead of Lucene's default 1024, so
   * models such as text-embedding-3-small (1536) can be indexed.
   */
  private static final Codec CODEC = new Lucene912Codec(Lucene912Codec.Mode.BEST_COMPRESSION) {
    private final KnnVectorsFormat vectors = new WideVectorsFormat();

    @Override
    public KnnVectorsFormat getKnnVectorsFormatForField(String field) {
      return vectors;
    }
  };

  /**
   * The indexing buffer: a segment is flushed when the buffered documents reach it, so no flushed segment holds
   * more vector bytes than this ({@link NearestNeighbours} searches every such segment exactly).
   */
  static final int RAM_BUFFER_MB = 64;

  private IndexConfig() {}

  static IndexWriterConfig writerConfig(IndexDeletionPolicy deletionPolicy) {
    IndexWriterConfig config = new IndexWriterConfig(INDEX_ANALYZER);
    config.setCodec(CODEC);
    // an unpublished change must never become visible by accident: only commit() commits
    config.setCommitOnClose(false);
    config.setIndexDeletionPolicy(deletionPolicy);
    config.setRAMBufferSizeMB(RAM_BUFFER_MB);
    return config;
  }

  /** The analyzer a kind's text and symbol fields were indexed with, for parsing queries. */
  static Analyzer queryAnalyzer(Kind kind) {
    return switch (kind) {
      case CODE -> CODE_QUERY;
      case DOC -> DOC;
    };
  }

  static Analyzer pathQueryAnalyzer() {
    return PATH_QUERY;
  }
}
