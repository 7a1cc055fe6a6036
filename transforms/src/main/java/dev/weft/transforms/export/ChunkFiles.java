package dev.weft.transforms.export;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.apache.avro.file.DataFileReader;
import org.apache.avro.generic.GenericDatumReader;
import org.apache.avro.generic.GenericRecord;
import org.apache.parquet.avro.AvroParquetReader;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.hadoop.ParquetReader;
import org.apache.parquet.io.LocalInputFile;

/**
 * Names, lists, clears and reads the files of a chunk dataset directory. Every writer names its files
 * {@code chunks-SSSSS-of-NNNNN.<ext>} (Beam's {@code FileIO} default naming with prefix {@value #PREFIX}), so
 * {@code DIR/*.parquet} is the dataset whichever executor wrote it.
 */
public final class ChunkFiles {
  public static final String PREFIX = "chunks";
  /** The temporary directory Beam's {@code FileIO} writes into before renaming. */
  public static final String FILEIO_TEMP_DIR = ".temp-beam";
  private static final Pattern NAME = Pattern.compile(Pattern.quote(PREFIX) + "-\\d{5}-of-\\d{5}\\.(parquet|avro)");

  private ChunkFiles() {}

  /** {@code chunks-00000-of-00001.parquet} for shard 0 of 1. */
  public static String fileName(ExportFormat format, int shard, int shards) {
    if (shards < 1 || shard < 0 || shard >= shards) {
      throw new IllegalArgumentException("shard must satisfy 0 <= shard < shards, got: " + shard + " of " + shards);
    }
    return String.format(Locale.ROOT, "%s-%05d-of-%05d%s", PREFIX, shard, shards, format.extension());
  }

  /** The dataset files of {@code format} in {@code dir}, sorted by name; empty when the directory is missing. */
  public static List<Path> list(Path dir, ExportFormat format) {
    if (!Files.isDirectory(dir)) {
      return List.of();
    }
    try (Stream<Path> files = Files.list(dir)) {
      return files.filter(f -> isDatasetFile(f, format)).sorted().toList();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot list the dataset directory " + dir, e);
    }
  }

  /**
   * Deletes the dataset files of {@code format} in {@code dir} (only files named as Weft names them), so the
   * directory then receives exactly one run's dataset, whatever shard count wrote the previous one.
   */
  public static void clear(Path dir, ExportFormat format) {
    for (Path file : list(dir, format)) {
      try {
        Files.deleteIfExists(file);
      } catch (IOException e) {
        throw new UncheckedIOException("cannot delete the previous dataset file " + file, e);
      }
    }
  }

  /**
   * Tidies what Beam's {@code FileIO} leaves after a successful run: its temporary directory
   * ({@value #FILEIO_TEMP_DIR}) once empty, and, when the run had no chunk (FileIO then writes no file), an empty
   * {@code chunks-00000-of-00001} file, so the directory is still a dataset a reader can open.
   */
  public static void completeDataset(Path dir, ExportFormat format) {
    Path temp = dir.resolve(FILEIO_TEMP_DIR);
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
    if (list(dir, format).isEmpty()) {
      try (ChunkFileWriter writer = ChunkFileWriter.open(format, dir.resolve(fileName(format, 0, 1)))) {
        writer.commit();
      }
    }
  }

  /** Reads every record of one Parquet or Avro chunk file, by its extension. */
  public static void read(Path file, Consumer<GenericRecord> sink) {
    String name = file.getFileName().toString();
    try {
      if (name.endsWith(ExportFormat.PARQUET.extension())) {
        readParquet(file, sink);
      } else if (name.endsWith(ExportFormat.AVRO.extension())) {
        readAvro(file, sink);
      } else {
        throw new IllegalArgumentException("chunk file must end in .parquet or .avro, got: " + file);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the chunk file " + file, e);
    }
  }

  /** Every row of the dataset files of {@code format} in {@code dir}, file by file. */
  public static List<ChunkRow> readRows(Path dir, ExportFormat format) {
    List<ChunkRow> rows = new ArrayList<>();
    for (Path file : list(dir, format)) {
      read(file, record -> rows.add(ChunkRecords.fromRecord(record)));
    }
    return rows;
  }

  private static void readParquet(Path file, Consumer<GenericRecord> sink) throws IOException {
    try (ParquetReader<GenericRecord> reader =
        AvroParquetReader.genericRecordReader(new LocalInputFile(file), new PlainParquetConfiguration())) {
      for (GenericRecord record = reader.read(); record != null; record = reader.read()) {
        sink.accept(record);
      }
    }
  }

  private static void readAvro(Path file, Consumer<GenericRecord> sink) throws IOException {
    try (DataFileReader<GenericRecord> reader = new DataFileReader<>(file.toFile(), new GenericDatumReader<>())) {
      for (GenericRecord record : reader) {
        sink.accept(record);
      }
    }
  }

  private static boolean isDatasetFile(Path file, ExportFormat format) {
    String name = file.getFileName().toString();
    return NAME.matcher(name).matches() && name.endsWith(format.extension()) && Files.isRegularFile(file);
  }
}
