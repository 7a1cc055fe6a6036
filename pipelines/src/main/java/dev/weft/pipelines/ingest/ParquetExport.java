package dev.weft.pipelines.ingest;

import dev.weft.context.Chunk;
import dev.weft.context.ChunkVectors;
import dev.weft.context.FileState;
import dev.weft.context.ItemMetadata;
import dev.weft.transforms.export.ChunkFileWriter;
import dev.weft.transforms.export.ChunkFiles;
import dev.weft.transforms.export.ChunkRow;
import dev.weft.transforms.export.ExportFormat;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

/**
 * {@code --export-parquet DIR} for the in-process executor: the chunks a run writes into the index, also written
 * as one Parquet file, {@code DIR/chunks-00000-of-00001.parquet} ({@code dev.weft.schemas.Chunk} rows, as
 * the Beam path's {@code WriteChunksParquet} writes them). Thread-safe: workers call {@link #write} as they hand
 * chunks to the index.
 *
 * <p>Nothing appears until {@link #commit()}, which replaces the previous dataset in {@code DIR} (the Weft-named
 * {@code chunks-*.parquet} files, whatever shard count wrote them); {@link #close()} without a commit discards
 * the run's file and leaves the previous dataset as it was.
 *
 * <pre>{@code
 * try (ParquetExport export = ParquetExport.open(dir)) {
 *   ... export.write(state, chunks, vectors) beside update.add/replace ...
 *   update.commit(); update.publish(...);
 *   export.commit();
 * }
 * }</pre>
 */
public final class ParquetExport implements AutoCloseable {
  private final Path dir;
  private final ChunkFileWriter writer;
  private boolean committed;

  private ParquetExport(Path dir, ChunkFileWriter writer) {
    this.dir = dir;
    this.writer = writer;
  }

  /** Starts the run's dataset in {@code dir} (created when missing). */
  public static ParquetExport open(Path dir) {
    Path target = dir.toAbsolutePath().normalize();
    return new ParquetExport(target, ChunkFileWriter.open(ExportFormat.PARQUET,
        target.resolve(ChunkFiles.fileName(ExportFormat.PARQUET, 0, 1))));
  }

  /** Adds a file's chunks without vectors. */
  public void write(FileState state, List<Chunk> chunks) {
    write(state, chunks, ChunkVectors.none());
  }

  /** Adds a file's chunks, each with its vector where {@code vectors} has one. */
  public void write(FileState state, List<Chunk> chunks, ChunkVectors vectors) {
    write(state, chunks, vectors, ItemMetadata.none());
  }

  /** As {@link #write(FileState, List, ChunkVectors)}, every row carrying the item's metadata. */
  public void write(FileState state, List<Chunk> chunks, ChunkVectors vectors, ItemMetadata meta) {
    Objects.requireNonNull(state, "state");
    for (Chunk chunk : chunks) {
      if (!chunk.path().equals(state.path())) {
        throw new IllegalArgumentException("every chunk must belong to the file state's path " + state.path()
            + ", got: " + chunk.path() + " (chunk " + chunk.id() + ")");
      }
    }
    // rows are built (and validated) outside the lock; only the append is serialised
    List<ChunkRow> rows = ChunkRow.allOf(chunks, vectors, meta);
    synchronized (this) {
      if (committed) {
        throw new IllegalStateException("the export to " + dir + " is committed; no chunk can be added");
      }
      rows.forEach(writer::write);
    }
  }

  /** Chunks written so far. */
  public synchronized long chunks() {
    return writer.count();
  }

  /** Finishes the file and makes it the dataset of {@code dir}; returns the file. */
  public synchronized Path commit() {
    if (committed) {
      throw new IllegalStateException("the export to " + dir + " is already committed");
    }
    ChunkFiles.clear(dir, ExportFormat.PARQUET);
    committed = true;
    return writer.commit();
  }

  /** Discards the run's file unless {@link #commit()} ran. */
  @Override
  public synchronized void close() {
    writer.close();
  }
}
