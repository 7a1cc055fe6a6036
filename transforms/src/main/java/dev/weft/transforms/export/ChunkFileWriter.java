package dev.weft.transforms.export;

import java.io.Closeable;
import java.nio.file.Path;

/**
 * Writes one chunk dataset file. The rows go to a hidden temporary file beside the target, which
 * {@link #commit()} completes and renames into place, so a reader never sees a half-written file; closing
 * without a commit deletes the temporary file. Not thread-safe.
 */
public interface ChunkFileWriter extends Closeable {
  /** Opens a writer of {@code format} whose committed file will be {@code file}. */
  static ChunkFileWriter open(ExportFormat format, Path file) {
    return switch (format) {
      case PARQUET -> ParquetChunkWriter.open(file);
      case AVRO -> AvroChunkWriter.open(file);
    };
  }

  void write(ChunkRow row);

  /** Rows written so far. */
  long count();

  /** Finishes the file and moves it to its target name; returns the target. */
  Path commit();

  /** Releases the writer; discards the temporary file unless {@link #commit()} ran. Never throws for that. */
  @Override
  void close();
}
