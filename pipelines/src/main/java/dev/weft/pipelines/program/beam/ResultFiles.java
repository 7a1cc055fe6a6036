package dev.weft.pipelines.program.beam;

import dev.weft.transforms.export.ChunkFiles;
import dev.weft.transforms.program.MapResult;
import dev.weft.transforms.program.ResultRecords;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/** The files of a run's results dataset: {@code results-SSSSS-of-NNNNN.parquet} in one directory. */
final class ResultFiles {
  private ResultFiles() {}

  /** The dataset's files, sorted by name; none when the directory is missing. */
  static List<Path> list(Path dir) {
    if (!Files.isDirectory(dir)) {
      return List.of();
    }
    try (Stream<Path> files = Files.list(dir)) {
      return files.filter(f -> f.getFileName().toString().matches(ResultRecords.PREFIX
          + "-\\d{5}-of-\\d{5}\\.parquet")).sorted().toList();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot list the results dataset " + dir, e);
    }
  }

  /** Deletes the previous run's dataset files, so the directory then holds one run's. */
  static void clear(Path dir) {
    for (Path file : list(dir)) {
      try {
        Files.deleteIfExists(file);
      } catch (IOException e) {
        throw new UncheckedIOException("cannot delete the previous results file " + file
            + ": check its permissions, or pass another --output", e);
      }
    }
  }

  /** Removes the temporary directory FileIO leaves once it is empty. */
  static void complete(Path dir) {
    Path temp = dir.resolve(ChunkFiles.FILEIO_TEMP_DIR);
    try {
      if (Files.isDirectory(temp)) {
        try (Stream<Path> left = Files.list(temp)) {
          if (left.findAny().isEmpty()) {
            Files.delete(temp);
          }
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot remove FileIO's temporary directory " + temp, e);
    }
  }

  /** Every result of the dataset, file by file. */
  static List<MapResult> read(Path dir) {
    List<MapResult> results = new ArrayList<>();
    for (Path file : list(dir)) {
      ChunkFiles.read(file, record -> results.add(ResultRecords.fromRecord(record)));
    }
    return results;
  }

}
