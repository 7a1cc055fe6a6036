package dev.weft.jobs.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.apache.avro.Schema;
import org.apache.avro.SchemaBuilder;
import org.apache.avro.file.DataFileWriter;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericDatumWriter;
import org.apache.avro.generic.GenericRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code weft index --dataset}: a non-JSONL dataset indexes, a dataset runs on Beam with {@code --runner}, and a wrong
 * file is bad usage naming it.
 */
class DatasetCliTest {
  @TempDir Path tmp;

  @Test
  void anAvroDatasetIsIndexedAndRecalled() throws IOException {
    Schema schema = SchemaBuilder.record("Doc").fields()
        .requiredLong("id").optionalString("title").requiredString("text").endRecord();
    Path dataset = tmp.resolve("corpus.avro");
    try (DataFileWriter<GenericRecord> writer = new DataFileWriter<>(new GenericDatumWriter<>(schema))) {
      writer.create(schema, dataset.toFile());
      GenericRecord record = new GenericData.Record(schema);
      record.put("id", 7L);
      record.put("text", "Strings are immutable so they can be dictionary keys.");
      writer.append(record);
    }
    String index = tmp.resolve("index").toString();

    assertThat(CliRun.of("index", "--dataset", dataset.toString(), "--index", index, "--quiet").exit()).isZero();
    CliRun recall = CliRun.of("recall", "immutable keys", "--index", index);

    assertThat(recall.exit()).isZero();
    assertThat(recall.out()).contains("7");
  }

  @Test
  void getReadsADatasetItemFromItsRecordAndRefusesAnEditedOne() throws IOException {
    Path dataset = Files.writeString(tmp.resolve("corpus.jsonl"), """
        {"_id": "faq#1", "title": "Strings", "text": "Strings are immutable."}
        {"_id": "faq#2", "text": "Floats are binary fractions."}
        """);
    String index = tmp.resolve("index").toString();
    assertThat(CliRun.of("index", "--dataset", dataset.toString(), "--index", index, "--quiet").exit()).isZero();
    assertThat(CliRun.of("recall", "immutable", "--index", index).out()).startsWith("faq#1\t1-3\t");

    assertThat(CliRun.of("get", "faq#1", "--lines", "1-3", "--index", index).out())
        .isEqualTo("Strings\n\nStrings are immutable.\n");
    assertThat(CliRun.of("get", "faq#2", "--index", index).out()).isEqualTo("Floats are binary fractions.");
    CliRun unknown = CliRun.of("get", "faq#9", "--index", index);
    assertThat(unknown.exit()).isEqualTo(1);
    assertThat(unknown.err()).startsWith("weft: no such file in the index: faq#9");

    Files.writeString(dataset, """
        {"_id": "faq#1", "title": "Strings", "text": "Strings are immutable, and hashable."}
        """);
    CliRun stale = CliRun.of("get", "faq#1", "--lines", "1-3", "--index", index);
    assertThat(stale.exit()).isEqualTo(1);
    assertThat(stale.err()).contains("stale pointer: faq#1 changed since it was indexed");
    CliRun gone = CliRun.of("get", "faq#2", "--lines", "1-1", "--index", index);
    assertThat(gone.exit()).isEqualTo(1);
    assertThat(gone.err()).contains("stale pointer: faq#2");
  }

  @Test
  void aDatasetRunsOnTheDirectRunnerWithItsChunksExported() throws IOException {
    Path dataset = Files.writeString(tmp.resolve("corpus.jsonl"), """
        {"_id": "faq#1", "text": "Strings are immutable so they can be dictionary keys."}
        {"_id": "faq#2", "text": "Floating point numbers are binary fractions."}
        """);
    Path export = tmp.resolve("export");
    String index = tmp.resolve("index").toString();

    CliRun run = CliRun.of("index", "--dataset", dataset.toString(), "--index", index, "--runner", "direct",
        "--export-parquet", export.toString(), "--quiet");

    assertThat(run.exit()).isZero();
    assertThat(run.out()).contains("beam-direct").contains("added\t2");
    try (Stream<Path> files = Files.list(export)) {
      assertThat(files.map(file -> file.getFileName().toString())).isNotEmpty()
          .allMatch(name -> name.startsWith("chunks-") && name.endsWith(".parquet"));
    }
    assertThat(CliRun.of("recall", "immutable keys", "--index", index).out()).contains("faq#1");
  }

  @Test
  void aFileThatIsNotParquetIsBadUsageNamingIt() throws IOException {
    Path dataset = Files.writeString(tmp.resolve("corpus.parquet"), "{\"_id\": \"a\", \"text\": \"x\"}\n");

    CliRun run = CliRun.of("index", "--dataset", dataset.toString(), "--index", tmp.resolve("index").toString());

    assertThat(run.exit()).isEqualTo(2);
    assertThat(run.err()).startsWith("weft: cannot read dataset " + dataset + " as Parquet (its footer): ");
  }
}
