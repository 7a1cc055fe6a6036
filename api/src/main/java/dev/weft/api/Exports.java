package dev.weft.api;

import dev.weft.context.IndexLocation;
import dev.weft.index.ChunkScan;
import dev.weft.transforms.export.ChunkFileWriter;
import dev.weft.transforms.export.ChunkFiles;
import dev.weft.transforms.export.ChunkRow;
import dev.weft.transforms.export.ExportFormat;
import java.nio.file.Files;
import java.nio.file.Path;

/** Writes the served generation's chunks (with their vectors) as one Parquet or Avro dataset file. */
final class Exports {
  private Exports() {}

  static ExportSummary write(IndexLocation index, ExportFormat format, Path outDir) {
    Path dir = outDir.toAbsolutePath().normalize();
    if (Files.exists(dir) && !Files.isDirectory(dir)) {
      throw new IllegalArgumentException("the export directory must be a directory, got a file: " + dir
          + "; pass a directory (created when missing)");
    }
    try (ChunkScan scan = ChunkScan.open(index);
        ChunkFileWriter writer = ChunkFileWriter.open(format, dir.resolve(ChunkFiles.fileName(format, 0, 1)))) {
      long[] withVectors = {0};
      scan.forEach(entry -> {
        if (entry.vector() == null) {
          writer.write(ChunkRow.of(entry.chunk()).withMeta(entry.meta()));
        } else {
          withVectors[0]++;
          writer.write(new ChunkRow(entry.chunk(), entry.identity(), entry.vector(), entry.meta()));
        }
      });
      // the previous dataset goes only once this one is complete
      ChunkFiles.clear(dir, format);
      long chunks = writer.count();
      Path file = writer.commit();
      return new ExportSummary(scan.generation().generation(), format.id(), file, chunks, withVectors[0]);
    }
  }
}
