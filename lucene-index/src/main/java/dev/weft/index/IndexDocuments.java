package dev.weft.index;

import dev.weft.context.Chunk;
import org.apache.lucene.document.Document;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.KeepOnlyLastCommitDeletionPolicy;

/**
 * The Lucene document of a chunk and the writer settings (analyzers, codec, buffer) of a Weft index, for code that
 * drives an {@code IndexWriter} itself and must write exactly what Weft writes: a baseline to measure Weft's writers
 * against (the bench module's raw loop), or a shard built elsewhere and merged in with {@link IndexUpdate#addShards}.
 */
public final class IndexDocuments {
  private IndexDocuments() {}

  /** A fresh writer configuration keeping only the last commit, as a standalone shard does. */
  public static IndexWriterConfig writerConfig() {
    return IndexConfig.writerConfig(new KeepOnlyLastCommitDeletionPolicy());
  }

  /** The chunk's document without a vector, as ingest writes it. */
  public static Document chunkDocument(Chunk chunk) {
    return ChunkDocuments.chunkDocument(chunk);
  }
}
