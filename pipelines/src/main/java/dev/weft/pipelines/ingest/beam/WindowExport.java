package dev.weft.pipelines.ingest.beam;

import dev.weft.context.ScratchDirs;
import dev.weft.context.error.StorageFailureException;
import dev.weft.index.ChunkScan;
import dev.weft.transforms.export.ChunkFileWriter;
import dev.weft.transforms.export.ChunkFiles;
import dev.weft.transforms.export.ChunkRow;
import dev.weft.transforms.export.ExportFormat;
import java.io.IOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.UUID;
import java.util.stream.Stream;

/**
 * {@code --exportParquet=DIR} of a streaming ingest: each window that publishes generation N also leaves
 * {@code DIR/gen-<N>/chunks-00000-of-00001.parquet}, the chunks that window wrote (its added and updated files, with
 * their vectors; {@code dev.weft.schemas.Chunk} rows, as a batch run's export). The file is written from the window's
 * staged shards before the publish, into a hidden {@code DIR/.window-<end>-<id>.partial/}, and renamed to
 * {@code gen-<N>} only once generation N is served: a window that publishes nothing (busy, staging lost, a failure)
 * leaves no export, and a reader listing {@code gen-*} never sees a half-written one.
 *
 * @param dir the export directory, absolute
 */
record WindowExport(Path dir) {
  static final String GENERATION_PREFIX = "gen-";
  private static final String PARTIAL_PREFIX = ".window-";
  private static final String PARTIAL_SUFFIX = ".partial";

  WindowExport {
    dir = dir.toAbsolutePath().normalize();
  }

  /** The export of generation {@code generation}: {@code DIR/gen-<N>}. */
  Path generationDir(long generation) {
    return dir.resolve(GENERATION_PREFIX + generation);
  }

  /**
   * Writes the chunks of {@code shardDirs} as the window's dataset, not yet visible; first removes what windows
   * that died before their rename left (one stream publishes into an export directory, one window at a time).
   */
  Path prepare(long windowEnd, List<Path> shardDirs) {
    removePartials();
    Path partial = dir.resolve(PARTIAL_PREFIX + windowEnd + "-" + UUID.randomUUID() + PARTIAL_SUFFIX);
    try {
      Files.createDirectories(partial);
    } catch (IOException e) {
      throw new StorageFailureException(partial, "cannot create " + partial + ": " + e + "; --exportParquet must be "
          + "a writable directory every task manager reaches", e);
    }
    try (ChunkFileWriter writer = ChunkFileWriter.open(ExportFormat.PARQUET,
        partial.resolve(ChunkFiles.fileName(ExportFormat.PARQUET, 0, 1)))) {
      for (Path shard : shardDirs) {
        ChunkScan.forEachInShard(shard, entry -> writer.write(entry.vector() == null ? ChunkRow.of(entry.chunk())
            : new ChunkRow(entry.chunk(), entry.identity(), entry.vector())));
      }
      // a window of deletions only still leaves a dataset a reader can open, as an empty batch run does
      writer.commit();
      return partial;
    } catch (RuntimeException e) {
      discard(partial);
      throw e;
    }
  }

  /** Makes the prepared {@code partial} the export of {@code generation}, by one rename. */
  Path promote(Path partial, long generation) {
    Path target = generationDir(generation);
    try {
      Files.move(partial, target, StandardCopyOption.ATOMIC_MOVE);
      return target;
    } catch (FileAlreadyExistsException | DirectoryNotEmptyException e) {
      throw new StorageFailureException(target, "the export " + target + " already exists (another stream or a "
          + "copy writes into " + dir + "?); generation " + generation + " is served without its export: move "
          + target + " away, then export it with weft export --format parquet", e);
    } catch (AtomicMoveNotSupportedException e) {
      throw new StorageFailureException(target, "cannot rename " + partial + " to " + target + " atomically: " + e
          + "; give --exportParquet a directory on one local or shared file system", e);
    } catch (IOException e) {
      throw new StorageFailureException(target, "cannot rename " + partial + " to " + target + ": " + e
          + "; generation " + generation + " is served without its export: export it with weft export", e);
    }
  }

  /** Deletes a prepared export whose window did not publish. */
  static void discard(Path partial) {
    ScratchDirs.deleteOrFail(partial);
  }

  private void removePartials() {
    if (!Files.isDirectory(dir)) {
      return;
    }
    try (Stream<Path> entries = Files.list(dir)) {
      for (Path entry : entries.toList()) {
        String name = entry.getFileName().toString();
        if (name.startsWith(PARTIAL_PREFIX) && name.endsWith(PARTIAL_SUFFIX)) {
          discard(entry);
        }
      }
    } catch (IOException e) {
      throw new StorageFailureException(dir, "cannot list the export directory " + dir + ": " + e
          + "; check it is readable by every task manager", e);
    }
  }
}
