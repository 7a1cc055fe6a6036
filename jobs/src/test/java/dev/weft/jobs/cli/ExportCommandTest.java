package dev.weft.jobs.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.weft.context.error.ExitStatus;
import dev.weft.pipelines.ingest.IngestStamp;
import dev.weft.transforms.export.ChunkFiles;
import dev.weft.transforms.export.ChunkRecords;
import dev.weft.transforms.export.ChunkRow;
import dev.weft.transforms.export.ExportFormat;
import dev.weft.transforms.ingest.CorpusLister;
import dev.weft.transforms.ingest.FileOutcome;
import dev.weft.transforms.ingest.FileProcessor;
import dev.weft.transforms.ingest.ListedFile;
import dev.weft.transforms.ingest.SourceReader;
import dev.weft.transforms.route.Router;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.apache.avro.file.DataFileReader;
import org.apache.avro.generic.GenericDatumReader;
import org.apache.avro.generic.GenericRecord;
import org.apache.parquet.avro.AvroParquetReader;
import org.apache.parquet.hadoop.ParquetReader;
import org.apache.parquet.io.LocalInputFile;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code weft export} on the golden corpus: every chunk of the served generation, as the chunkers made it. */
class ExportCommandTest {
  @TempDir static Path tmp;
  static Path root;
  static String index;

  @BeforeAll
  static void indexGoldenCorpus() throws IOException {
    root = copy(GoldenCorpusTest.GOLDEN, tmp.resolve("corpus"));
    index = tmp.resolve("index").toString();
    CliRun run = CliRun.of("index", root.toString(), "--index", index, "--quiet", "--runner", "inprocess");
    assertThat(run.exit()).as(run.err()).isZero();
  }

  @Test
  void exportsEveryChunkAsParquetReadableWithParquetAvro() throws IOException {
    Path out = tmp.resolve("parquet");
    CliRun run = CliRun.of("export", "--format", "parquet", "--out", out.toString(), "--index", index);

    assertThat(run.exit()).as(run.err()).isZero();
    Path file = out.resolve("chunks-00000-of-00001.parquet");
    assertThat(run.lines()).containsExactly("exported generation 1 to " + file, "chunks\t22", "chunks with vectors\t0");
    List<GenericRecord> records = new ArrayList<>();
    try (ParquetReader<GenericRecord> reader =
        AvroParquetReader.<GenericRecord>builder(new LocalInputFile(file)).build()) {
      for (GenericRecord record = reader.read(); record != null; record = reader.read()) {
        records.add(record);
      }
    }
    assertThat(records).map(ChunkRecords::fromRecord).containsExactlyInAnyOrderElementsOf(chunkedByTheChunkers());
  }

  @Test
  void exportsEveryChunkAsAnAvroContainerFile() throws IOException {
    Path out = tmp.resolve("avro");
    CliRun run = CliRun.of("export", "--format", "avro", "--out", out.toString(), "--index", index, "--json");

    assertThat(run.exit()).as(run.err()).isZero();
    JsonNode summary = new ObjectMapper().readTree(run.out());
    assertThat(summary.get("generation").asLong()).isEqualTo(1);
    assertThat(summary.get("format").asText()).isEqualTo("avro");
    assertThat(summary.get("chunks").asLong()).isEqualTo(22);
    List<ChunkRow> rows = new ArrayList<>();
    try (DataFileReader<GenericRecord> reader = new DataFileReader<>(
        Path.of(summary.get("file").asText()).toFile(), new GenericDatumReader<>())) {
      reader.forEach(record -> rows.add(ChunkRecords.fromRecord(record)));
    }
    assertThat(rows).containsExactlyInAnyOrderElementsOf(chunkedByTheChunkers());
  }

  @Test
  void aSecondExportReplacesTheFirst() {
    Path out = tmp.resolve("again");
    assertThat(CliRun.of("export", "--out", out.toString(), "--index", index).exit()).isZero();
    assertThat(CliRun.of("export", "--out", out.toString(), "--index", index).exit()).isZero();
    assertThat(ChunkFiles.list(out, ExportFormat.PARQUET)).hasSize(1);
    assertThat(ChunkFiles.readRows(out, ExportFormat.PARQUET)).hasSize(22);
  }

  @Test
  void badUsageIsExitTwoWithTheRule() {
    CliRun format = CliRun.of("export", "--format", "csv", "--out", tmp.resolve("x").toString(), "--index", index);
    assertThat(format.exit()).isEqualTo(ExitStatus.BAD_INPUT.code());
    assertThat(format.err()).contains("export format must be one of parquet, avro; got: csv");

    CliRun noIndex = CliRun.of("export", "--out", tmp.resolve("y").toString(), "--index",
        tmp.resolve("nowhere").toString());
    assertThat(noIndex.exit()).isEqualTo(ExitStatus.BAD_INPUT.code());
    assertThat(noIndex.err()).contains("no Weft index at");
    assertThat(tmp.resolve("y")).doesNotExist();

    assertThat(CliRun.of("export", "--index", index).exit()).isEqualTo(ExitStatus.BAD_INPUT.code());
  }

  /** The chunks the plain processor gives for every listed file of the corpus. */
  private static List<ChunkRow> chunkedByTheChunkers() {
    FileProcessor processor = new FileProcessor(root.toString(), Router.defaults(), SourceReader.withDefaults(),
        IngestStamp.CURRENT);
    List<ChunkRow> rows = new ArrayList<>();
    for (ListedFile file : new CorpusLister(Router.defaults(), Path.of(index)).list(root)) {
      if (processor.process(file.path()) instanceof FileOutcome.Chunked chunked) {
        rows.addAll(ChunkRow.allOf(chunked.chunks()));
      }
    }
    assertThat(rows).hasSize(22);
    return rows;
  }

  private static Path copy(Path source, Path target) throws IOException {
    try (Stream<Path> walk = Files.walk(source)) {
      for (Path p : walk.toList()) {
        Path dest = target.resolve(source.relativize(p).toString());
        if (Files.isDirectory(p)) {
          Files.createDirectories(dest);
        } else {
          Files.copy(p, dest);
        }
      }
    }
    return target;
  }
}
