package dev.weft.transforms.dataset;

import static dev.weft.transforms.dataset.DatasetFiles.BEIR;
import static dev.weft.transforms.dataset.DatasetFiles.read;
import static dev.weft.transforms.dataset.DatasetFiles.record;
import static dev.weft.transforms.dataset.DatasetFiles.write;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import dev.weft.context.DeadLetter;
import dev.weft.context.error.ExitStatus;
import dev.weft.context.error.WeftException;
import dev.weft.transforms.ingest.OddFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.avro.Schema;
import org.apache.avro.SchemaBuilder;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.example.ExampleParquetWriter;
import org.apache.parquet.io.LocalOutputFile;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.parquet.schema.Types;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Parquet and Avro datasets: the records, the field rules as dead letters, and the file-level refusals. */
class DatasetRecordsTest {
  @TempDir Path tmp;

  @Test
  void aFifoOrADeviceIsRefusedByNameBeforeItIsOpened() throws Exception {
    Path fifo = tmp.resolve("records.jsonl");
    OddFiles.mkfifo(fifo);
    // the deadline only keeps a regression from hanging the build: opening a FIFO blocks until a writer comes
    assertTimeoutPreemptively(Duration.ofSeconds(30), () -> {
      assertThatThrownBy(() -> DatasetRecords.check(fifo))
          .isInstanceOfSatisfying(WeftException.class, e -> assertThat(e.status()).isEqualTo(ExitStatus.BAD_INPUT))
          .hasMessageStartingWith("the dataset must be a regular file, got a FIFO (named pipe): " + fifo);
      assertThatThrownBy(() -> DatasetRecords.read(fifo, outcome -> { }))
          .hasMessageStartingWith("the dataset must be a regular file, got a FIFO (named pipe): " + fifo);
    });
  }

  @ParameterizedTest
  @ValueSource(strings = {"parquet", "avro"})
  void readsBeirRecordsInFileOrderWithANullTitleAsEmpty(String extension) throws IOException {
    Path file = write(tmp.resolve("corpus." + extension), BEIR,
        record(BEIR, "_id", "faq#1", "title", "Indentation", "text", "Indentation groups statements."),
        record(BEIR, "_id", "faq#2", "title", null, "text", "Strings are immutable."),
        record(BEIR, "_id", "faq#3", "title", "", "text", ""));

    assertThat(read(file)).containsExactly(
        valid("faq#1", "Indentation", "Indentation groups statements."),
        valid("faq#2", "", "Strings are immutable."),
        valid("faq#3", "", ""));
  }

  @ParameterizedTest
  @ValueSource(strings = {"parquet", "avro"})
  void anIntegerIdIsItsDecimalString(String extension) throws IOException {
    Schema schema = SchemaBuilder.record("Row").fields()
        .requiredLong("id").requiredString("text").requiredInt("year").endRecord();
    Path file = write(tmp.resolve("rows." + extension), schema,
        record(schema, "id", 42L, "text", "forty-two", "year", 1979),
        record(schema, "id", -7L, "text", "minus seven", "year", 2000));

    assertThat(read(file)).containsExactly(valid("42", "", "forty-two"), valid("-7", "", "minus seven"));
  }

  @Test
  void underscoreIdWinsAndIdIsTheFallbackWhenItIsNull() throws IOException {
    Schema schema = SchemaBuilder.record("Row").fields()
        .optionalString("_id").optionalInt("id").requiredString("text").endRecord();
    Path file = write(tmp.resolve("rows.parquet"), schema,
        record(schema, "_id", "a", "id", 1, "text", "x"),
        record(schema, "_id", null, "id", 2, "text", "y"));

    assertThat(read(file)).containsExactly(valid("a", "", "x"), valid("2", "", "y"));
  }

  @ParameterizedTest
  @ValueSource(strings = {"parquet", "avro"})
  void recordsBreakingARuleAreDeadLettersNamingTheRecordNumberAndTheRestIsRead(String extension)
      throws IOException {
    Schema schema = SchemaBuilder.record("Doc").fields()
        .optionalString("_id").optionalString("title").optionalString("text").endRecord();
    Path file = write(tmp.resolve("corpus." + extension), schema,
        record(schema, "_id", "ok", "text", "fine"),
        record(schema, "_id", null, "title", "no id", "text", "x"),
        record(schema, "_id", "  ", "text", "blank id"),
        record(schema, "_id", "no-text", "title", "t", "text", null),
        record(schema, "_id", "also-ok", "text", "fine too"));

    List<RecordOutcome> outcomes = read(file);

    assertThat(outcomes).hasSize(5);
    assertThat(outcomes.get(0)).isEqualTo(valid("ok", "", "fine"));
    assertThat(outcomes.get(4)).isEqualTo(valid("also-ok", "", "fine too"));
    assertThat(deadLetter(outcomes.get(1))).satisfies(letter -> {
      assertThat(letter.path()).isEqualTo("record 2");
      assertThat(letter.stage()).isEqualTo("read");
      assertThat(letter.reason()).isEqualTo("invalid_record");
      assertThat(letter.detail()).startsWith("each record must have a non-blank _id or id (a string or an integer), "
          + "got: {").contains("\"title\": \"no id\"");
    });
    assertThat(deadLetter(outcomes.get(2)).path()).isEqualTo("record 3");
    assertThat(deadLetter(outcomes.get(2)).detail()).contains("\"_id\": \"  \"");
    assertThat(deadLetter(outcomes.get(3)))
        .isEqualTo(new DeadLetter("record 4", "read", "invalid_record",
            "record text must be a string, got: null for id no-text"));
  }

  @Test
  void avroValuesOfTheWrongTypeNameTheRuleAndTheType() throws IOException {
    Schema schema = SchemaBuilder.record("Doc").fields()
        .name("_id").type().unionOf().stringType().and().booleanType().endUnion().noDefault()
        .name("title").type().unionOf().nullType().and().stringType().and().intType().endUnion().nullDefault()
        .name("text").type().unionOf().stringType().and().longType().endUnion().noDefault()
        .endRecord();
    Path file = write(tmp.resolve("typed.avro"), schema,
        record(schema, "_id", true, "text", "x"),
        record(schema, "_id", "n", "text", 5L),
        record(schema, "_id", "t", "title", 3, "text", "x"));

    assertThat(read(file)).extracting(outcome -> deadLetter(outcome).detail()).containsExactly(
        "each record must have a non-blank _id or id (a string or an integer), got: "
            + "{\"_id\": true, \"title\": null, \"text\": \"x\"}",
        "record text must be a string, got: integer 5 for id n",
        "record title must be a string or null, got: integer 3 for id t");
  }

  @Test
  void jsonlAndAvroJudgeTheSameRecordWithTheSameRule() throws IOException {
    Path jsonl = Files.writeString(tmp.resolve("corpus.jsonl"), """
        {"_id": "t", "title": null, "text": null}
        {"id": 12, "text": "twelve"}
        """);
    Schema schema = SchemaBuilder.record("Doc").fields()
        .name("_id").type().unionOf().nullType().and().stringType().and().longType().endUnion().nullDefault()
        .optionalString("title").optionalString("text").endRecord();
    Path avro = write(tmp.resolve("corpus.avro"), schema,
        record(schema, "_id", "t", "text", null),
        record(schema, "_id", 12L, "text", "twelve"));

    List<RecordOutcome> fromJsonl = read(jsonl);
    List<RecordOutcome> fromAvro = read(avro);

    assertThat(deadLetter(fromJsonl.get(0)).detail()).isEqualTo("record text must be a string, got: null for id t")
        .isEqualTo(deadLetter(fromAvro.get(0)).detail());
    assertThat(deadLetter(fromJsonl.get(0)).path()).isEqualTo("line 1");
    assertThat(deadLetter(fromAvro.get(0)).path()).isEqualTo("record 1");
    assertThat(fromJsonl.get(1)).isEqualTo(fromAvro.get(1)).isEqualTo(valid("12", "", "twelve"));
  }

  @ParameterizedTest
  @ValueSource(strings = {"parquet", "avro"})
  void aSchemaWithoutTextIsOneErrorNamingTheFileTheFieldAndTheFieldsFound(String extension) throws IOException {
    Schema schema = SchemaBuilder.record("Doc").fields()
        .requiredString("_id").optionalString("title").requiredString("body").endRecord();
    Path file = write(tmp.resolve("corpus." + extension), schema, record(schema, "_id", "a", "body", "x"));
    List<RecordOutcome> outcomes = new ArrayList<>();

    assertThatThrownBy(() -> DatasetRecords.read(file, outcomes::add))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("a dataset's records must have the fields _id or id, and text; missing: text; "
            + "fields found: [_id, title, body] in: " + file);
    assertThatThrownBy(() -> DatasetRecords.check(file)).hasMessageContaining("missing: text;");
    assertThat(outcomes).isEmpty();
  }

  @ParameterizedTest
  @ValueSource(strings = {"parquet", "avro"})
  void aSchemaWithoutAnyIdOrWithTextOfAnotherTypeIsRefused(String extension) throws IOException {
    Schema noId = SchemaBuilder.record("Doc").fields().requiredString("text").endRecord();
    Path first = write(tmp.resolve("no-id." + extension), noId, record(noId, "text", "x"));
    assertThatThrownBy(() -> read(first))
        .hasMessage("a dataset's records must have the fields _id or id, and text; missing: _id or id; "
            + "fields found: [text] in: " + first);

    Schema intText = SchemaBuilder.record("Doc").fields().requiredString("_id").requiredInt("text").endRecord();
    Path second = write(tmp.resolve("int-text." + extension), intText, record(intText, "_id", "a", "text", 1));
    assertThatThrownBy(() -> read(second))
        .hasMessage("a dataset's field text must be a string, got: \"int\" in: " + second);
  }

  @ParameterizedTest
  @ValueSource(strings = {"parquet", "avro"})
  void aFileThatIsNotOfItsFormatIsAClearErrorNamingIt(String extension) throws IOException {
    Path file = Files.writeString(tmp.resolve("corpus." + extension), "{\"_id\": \"a\", \"text\": \"json really\"}\n");

    assertThatThrownBy(() -> read(file))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("cannot read dataset " + file + " as ");
    assertThatThrownBy(() -> DatasetRecords.check(file))
        .hasMessageStartingWith("cannot read dataset " + file + " as ");
  }

  @Test
  void columnsWeftDoesNotReadAreLeftAlone() throws IOException {
    Schema schema = SchemaBuilder.record("Doc").fields()
        .requiredString("_id").requiredString("text")
        .name("vector").type().array().items().floatType().noDefault()
        .name("meta").type().map().values().stringType().noDefault()
        .endRecord();
    Path file = write(tmp.resolve("wide.parquet"), schema,
        record(schema, "_id", "a", "text", "x", "vector", List.of(0.5f, 0.25f), "meta", Map.of("k", "v")));

    assertThat(read(file)).containsExactly(valid("a", "", "x"));
  }

  @Test
  void aParquetFileWithoutAnAvroSchemaIsReadAndAColumnAvroCannotTypeIsLeftAlone() throws IOException {
    // as DuckDB, Spark or pyarrow write it: plain Parquet types, no Avro schema in the footer; Spark's INT96
    // timestamps have no Avro type at all
    MessageType schema = Types.buildMessage()
        .required(PrimitiveTypeName.BINARY).as(LogicalTypeAnnotation.stringType()).named("_id")
        .optional(PrimitiveTypeName.BINARY).as(LogicalTypeAnnotation.stringType()).named("title")
        .required(PrimitiveTypeName.BINARY).as(LogicalTypeAnnotation.stringType()).named("text")
        .required(PrimitiveTypeName.INT96).named("updated")
        .named("duckdb_schema");
    Path file = tmp.resolve("plain.parquet");
    try (ParquetWriter<Group> writer = ExampleParquetWriter.builder(new LocalOutputFile(file))
        .withConf(new PlainParquetConfiguration()).withType(schema).build()) {
      SimpleGroupFactory rows = new SimpleGroupFactory(schema);
      writer.write(rows.newGroup().append("_id", "a").append("title", "T").append("text", "x")
          .append("updated", Binary.fromConstantByteArray(new byte[12])));
      writer.write(rows.newGroup().append("_id", "b").append("text", "y")
          .append("updated", Binary.fromConstantByteArray(new byte[12])));
    }

    assertThat(read(file)).containsExactly(valid("a", "T", "x"), valid("b", "", "y"));
  }

  @Test
  void aParquetSchemaWithNoneOfTheFieldsNamesAllItFound() throws IOException {
    Schema schema = SchemaBuilder.record("Row").fields().requiredString("a").requiredLong("b").endRecord();
    Path file = write(tmp.resolve("other.parquet"), schema, record(schema, "a", "x", "b", 1L));

    assertThatThrownBy(() -> read(file))
        .hasMessage("a dataset's records must have the fields _id or id, and text; missing: _id or id, text; "
            + "fields found: [a, b] in: " + file);
  }

  @Test
  void theFormatIsChosenByExtensionAndAnotherIsRefusedNamingTheAcceptedOnes() {
    assertThat(DatasetFormat.of(Path.of("a/Corpus.JSONL"))).isEqualTo(DatasetFormat.JSONL);
    assertThat(DatasetFormat.of(Path.of("a.ndjson"))).isEqualTo(DatasetFormat.JSONL);
    assertThat(DatasetFormat.of(Path.of("a.parquet"))).isEqualTo(DatasetFormat.PARQUET);
    assertThat(DatasetFormat.of(Path.of("a.avro"))).isEqualTo(DatasetFormat.AVRO);
    assertThatThrownBy(() -> DatasetRecords.read(Path.of("data.csv"), outcome -> {}))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("dataset must be a .jsonl, .ndjson, .parquet or .avro file, got: data.csv");
  }

  private static RecordOutcome valid(String id, String title, String text) {
    return new RecordOutcome.Valid(new DatasetRecord(id, title, text));
  }

  private static DeadLetter deadLetter(RecordOutcome outcome) {
    assertThat(outcome).isInstanceOf(RecordOutcome.Invalid.class);
    return ((RecordOutcome.Invalid) outcome).deadLetter();
  }
}
