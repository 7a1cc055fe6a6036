package dev.weft.bench;

import dev.weft.context.Chunk;
import dev.weft.index.IndexDocuments;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.store.FSDirectory;

/**
 * The benchmark baseline: a bare single-threaded IndexWriter loop adding the very documents Weft writes for
 * the given chunks (same analyzers, codec and fields), then one commit. Weft's ingest throughput is quoted as
 * a ratio against this, measured in the same run.
 */
public final class RawIndexBaseline {
  private RawIndexBaseline() {}

  public static void write(Path dir, Iterable<Chunk> chunks) {
    try (FSDirectory directory = FSDirectory.open(dir);
        IndexWriter writer = new IndexWriter(directory, IndexDocuments.writerConfig())) {
      for (Chunk chunk : chunks) {
        writer.addDocument(IndexDocuments.chunkDocument(chunk));
      }
      writer.commit();
    } catch (IOException e) {
      throw new UncheckedIOException("raw baseline index failed in " + dir, e);
    }
  }
}
