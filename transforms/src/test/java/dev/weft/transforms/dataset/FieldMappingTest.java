package dev.weft.transforms.dataset;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.weft.context.DeadLetter;
import dev.weft.context.FileState;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * Field mapping on the committed datasets of testdata/dataset-meta: one table of six articles as JSONL, Parquet
 * and Avro, whose id, title and text are {@code doc_id}, {@code headline} and {@code body}, with typed columns
 * to carry as metadata.
 */
class FieldMappingTest {
  static final Path DIR = Path.of("../testdata/dataset-meta").toAbsolutePath().normalize();
  static final FieldMapping COLUMNS = FieldMapping.of("doc_id", "headline", "body", "lang,year,score,draft,site");
  static final FieldMapping POINTERS = FieldMapping.of("/doc_id", "/headline", "/body",
      "/lang,/year,/score,/draft,/src/site");

  @Test
  void theThreeFormatsGiveTheSameRecordsWithTypedMetadata() {
    List<RecordOutcome> jsonl = read(DIR.resolve("corpus.jsonl"), POINTERS);
    List<RecordOutcome> parquet = read(DIR.resolve("corpus.parquet"), COLUMNS);
    List<RecordOutcome> avro = read(DIR.resolve("corpus.avro"), COLUMNS);

    assertThat(jsonl).hasSize(6).allMatch(RecordOutcome.Valid.class::isInstance);
    assertThat(parquet).isEqualTo(jsonl);
    assertThat(avro).isEqualTo(jsonl);
    DatasetRecord first = ((RecordOutcome.Valid) jsonl.get(0)).record();
    assertThat(first.id()).isEqualTo("d1");
    assertThat(first.title()).isEqualTo("Tea");
    assertThat(first.text()).startsWith("Green tea");
    assertThat(first.meta().values()).containsExactlyEntriesOf(new TreeMap<>(Map.of("draft", false, "lang", "en",
        "score", 0.5, "site", "wiki", "year", 2019L)));
  }

  @Test
  void everyOtherScalarColumnIsMetadataUnderStar() {
    FieldMapping all = FieldMapping.of("doc_id", "headline", "body", "*");
    DatasetRecord parquet = ((RecordOutcome.Valid) read(DIR.resolve("corpus.parquet"), all).get(2)).record();
    DatasetRecord jsonl = ((RecordOutcome.Valid) read(DIR.resolve("corpus.jsonl"),
        FieldMapping.of("/doc_id", "/headline", "/body", "*")).get(2)).record();

    // tags (a list) and src (an object) hold no scalar: not metadata under *
    assertThat(parquet.meta().values()).containsOnlyKeys("draft", "lang", "score", "site", "year");
    assertThat(jsonl.meta().values()).containsOnlyKeys("draft", "lang", "score", "year");
    assertThat(parquet.meta().values()).containsEntry("draft", true).containsEntry("year", 2022L);
  }

  @Test
  void aMissingOrNonScalarMetadataFieldIsADeadLetterWithItsReasonAndTheReadGoesOn() {
    List<RecordOutcome> outcomes = read(DIR.resolve("missing-lang.jsonl"),
        FieldMapping.of("/doc_id", "/headline", "/body", "/lang"));

    assertThat(outcomes).hasSize(3);
    assertThat(outcomes.get(0)).isInstanceOf(RecordOutcome.Valid.class);
    DeadLetter missing = ((RecordOutcome.Invalid) outcomes.get(1)).deadLetter();
    assertThat(missing.path()).isEqualTo("line 2");
    assertThat(missing.reason()).isEqualTo("invalid_record");
    assertThat(missing.detail()).isEqualTo("metadata field lang is missing for id m2; name only fields every record"
        + " has in --meta-fields");
    assertThat(((RecordOutcome.Invalid) outcomes.get(2)).deadLetter().detail())
        .isEqualTo("metadata field lang must be a string, number or boolean, got: object for id m3");
  }

  @Test
  void aFieldSpeltForTheOtherFormatIsRefusedBeforeAnythingIsRead() {
    assertThatThrownBy(() -> DatasetRecords.check(DIR.resolve("corpus.jsonl"), COLUMNS))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("--id-field must be a JSON pointer for a JSONL dataset, got: \"doc_id\"; write /doc_id");
    assertThatThrownBy(() -> DatasetRecords.check(DIR.resolve("corpus.parquet"), POINTERS))
        .hasMessage("--id-field must be a column name for a parquet dataset, not a JSON pointer, got: \"/doc_id\";"
            + " write doc_id");
  }

  @Test
  void aColumnTheSchemaLacksOrThatHoldsNoScalarIsRefusedNamingIt() {
    assertThatThrownBy(() -> DatasetRecords.check(DIR.resolve("corpus.parquet"),
        FieldMapping.of("doc_id", "headline", "body", "lang,langauge")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("a dataset's records must have the fields doc_id, and body (and the mapped headline,"
            + " lang, langauge); missing: langauge; fields found: [doc_id, headline, body, lang, year, score, draft,"
            + " site, tags] in: ");
    assertThatThrownBy(() -> DatasetRecords.check(DIR.resolve("corpus.avro"),
        FieldMapping.of("doc_id", "headline", "body", "tags")))
        .hasMessageStartingWith("a dataset's field tags must be a string, number, boolean or enum (a metadata field),"
            + " got: ");
    assertThatThrownBy(() -> DatasetRecords.check(DIR.resolve("corpus.avro"), FieldMapping.of(null, null, null,
        null))).hasMessageContaining("missing: _id or id, text");
  }

  @Test
  void metadataNamesMustBeDistinctAndSpellableInAFilter() {
    assertThatThrownBy(() -> FieldMapping.of("/doc_id", null, "/body", "/lang,/src/lang")
        .check(DatasetFormat.JSONL))
        .hasMessage("--meta-fields must give distinct names, got: /lang and /src/lang both named lang");
    assertThatThrownBy(() -> FieldMapping.of("/doc_id", null, "/body", "/src/2nd").check(DatasetFormat.JSONL))
        .hasMessageStartingWith("--meta-fields /src/2nd gives the metadata name \"2nd\"");
    assertThatThrownBy(() -> FieldMapping.of(null, null, null, "lang,,year"))
        .hasMessage("--meta-fields must be * or a comma-separated list of fields with no empty entry, got: "
            + "\"lang,,year\"");
  }

  @Test
  void aRecordWhoseMetadataAloneChangedIsChunkedAgain() {
    RecordChunker chunker = RecordChunker.as(dev.weft.context.Kind.DOC, "text", "s1");
    Map<String, FileState> indexed = new TreeMap<>();
    read(DIR.resolve("corpus.parquet"), COLUMNS).forEach(outcome -> {
      var chunked = (dev.weft.transforms.ingest.FileOutcome.Chunked) chunker.chunk(
          ((RecordOutcome.Valid) outcome).record());
      indexed.put(chunked.path(), chunked.state());
    });

    DatasetChangeSet same = new DatasetPlanner("s1", COLUMNS).plan(DIR.resolve("corpus.parquet"), indexed, false);
    DatasetChangeSet fewer = new DatasetPlanner("s1", FieldMapping.of("doc_id", "headline", "body", "lang"))
        .plan(DIR.resolve("corpus.parquet"), indexed, false);

    assertThat(same.isNoOp()).isTrue();
    assertThat(fewer.replaced()).hasSize(6);
    assertThat(fewer.selection().mapping().meta()).containsExactly("lang");
  }

  private static List<RecordOutcome> read(Path file, FieldMapping mapping) {
    List<RecordOutcome> outcomes = new ArrayList<>();
    DatasetRecords.read(file, mapping, outcomes::add);
    return outcomes;
  }
}
