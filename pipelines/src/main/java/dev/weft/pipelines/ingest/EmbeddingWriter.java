package dev.weft.pipelines.ingest;

import dev.weft.index.IndexUpdate;
import dev.weft.transforms.ingest.FileOutcome;
import dev.weft.transforms.vectors.ChunkEmbedder;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Predicate;

/**
 * Writes chunked files to the index, embedding them on the way when an embedder is given: files wait until
 * they hold a batch of chunks between them, the batch is embedded in one call, and each file is then written
 * with its slice of the vectors. One per thread, like the embedder.
 */
final class EmbeddingWriter {
  private final IndexUpdate update;
  private final ChunkEmbedder embedder;
  private final int batchChunks;
  private final EmbedCounts counts;
  private final Predicate<String> previouslyIndexed;
  private final Consumer<FileOutcome.Chunked> written;
  private final ParquetExport export;
  private final List<FileOutcome.Chunked> pending = new ArrayList<>();
  private int pendingChunks;

  /**
   * @param embedder the embedder, or null to write without vectors (each file at once)
   * @param previouslyIndexed whether the served generation holds a path (replace) or not (add)
   * @param written told about each file once it is in the index
   * @param export receives each written file's chunks and vectors too (the run's dataset), or null
   */
  EmbeddingWriter(IndexUpdate update, ChunkEmbedder embedder, int batchChunks, EmbedCounts counts,
      Predicate<String> previouslyIndexed, Consumer<FileOutcome.Chunked> written, ParquetExport export) {
    this.update = update;
    this.embedder = embedder;
    this.batchChunks = batchChunks;
    this.counts = counts;
    this.previouslyIndexed = previouslyIndexed;
    this.written = written;
    this.export = export;
  }

  void accept(FileOutcome.Chunked file) {
    pending.add(file);
    pendingChunks += file.chunks().size();
    if (embedder == null || pendingChunks >= batchChunks) {
      flush();
    }
  }

  /** Writes whatever waits; call it at the end, and before the embedder is closed. */
  void flush() {
    if (pending.isEmpty()) {
      return;
    }
    List<FileOutcome.Chunked> files = new ArrayList<>(pending);
    if (embedder != null && pendingChunks > 0) {
      ChunkEmbedder.FilesResult result = embedder.embedFiles(files);
      counts.add(result.result());
      files = result.files();
    }
    for (FileOutcome.Chunked file : files) {
      if (previouslyIndexed.test(file.path())) {
        update.replace(file.state(), file.chunks(), file.vectors(), file.imports(), file.meta());
      } else {
        update.add(file.state(), file.chunks(), file.vectors(), file.imports(), file.meta());
      }
      if (export != null) {
        export.write(file.state(), file.chunks(), file.vectors(), file.meta());
      }
      written.accept(file);
    }
    pending.clear();
    pendingChunks = 0;
  }

  /** Flushes, then closes the embedder and adds its truncation count. */
  void close() {
    try {
      flush();
    } finally {
      if (embedder != null) {
        counts.truncated.addAndGet(embedder.embedder().truncated());
        embedder.embedder().close();
      }
    }
  }
}
