package dev.weft.jobs.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code weft index --dataset} with {@code --id-field}, {@code --title-field}, {@code --text-field} and
 * {@code --meta-fields} on the committed testdata/dataset-meta: the metadata in {@code recall --json}, {@code get}
 * reading the mapped record back, and a misspelt field refused as bad usage in one line.
 */
class DatasetMetaCliTest {
  private static final Path DIR = Path.of("../testdata/dataset-meta").toAbsolutePath().normalize();
  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir Path tmp;

  @Test
  void recallJsonHitsCarryTheMetadataAndGetReadsTheMappedRecord() throws IOException {
    String index = tmp.resolve("index").toString();
    CliRun ingest = CliRun.of("index", "--dataset", DIR.resolve("corpus.jsonl").toString(), "--index", index,
        "--id-field", "/doc_id", "--title-field", "/headline", "--text-field", "/body", "--meta-fields",
        "/lang,/year,/src/site", "--quiet");
    assertThat(ingest.exit()).as(ingest.err()).isZero();

    CliRun recall = CliRun.of("recall", "yerba mate holly", "--index", index, "--json");
    assertThat(recall.exit()).as(recall.err()).isZero();
    JsonNode hits = JSON.readTree(recall.out());
    JsonNode hit = (hits.isArray() ? hits : hits.get("doc")).get(0);
    assertThat(hit.get("path").asText()).isEqualTo("d6");
    assertThat(hit.get("meta").toString()).isEqualTo("{\"lang\":\"es\",\"site\":\"blog\",\"year\":2023}");

    assertThat(CliRun.of("get", "d6", "--index", index).out())
        .isEqualTo("Mate\n\nYerba mate is brewed from the dried leaves of a holly.");
  }

  @Test
  void recallWhereKeepsThePassingHitsAndABadFilterIsBadUsageNamingThePosition() throws IOException {
    String index = tmp.resolve("index").toString();
    assertThat(CliRun.of("index", "--dataset", DIR.resolve("corpus.parquet").toString(), "--index", index,
        "--id-field", "doc_id", "--title-field", "headline", "--text-field", "body", "--meta-fields", "*", "--quiet")
        .exit()).isZero();

    CliRun english = CliRun.of("recall", "beans roasted", "--index", index, "--kind", "doc", "--json", "--where",
        "lang = \"en\" and year >= 2020");
    assertThat(english.exit()).as(english.err()).isZero();
    JsonNode hits = JSON.readTree(english.out());
    assertThat(hits).hasSize(1);
    assertThat(hits.get(0).get("path").asText()).isEqualTo("d3");

    CliRun bad = CliRun.of("recall", "beans", "--index", index, "--where", "lang = en");
    assertThat(bad.exit()).isEqualTo(2);
    assertThat(bad.err().strip()).isEqualTo("weft: --where at position 7: expected a value (a \"string\", a number,"
        + " true or false), got: en");
  }

  @Test
  void aFieldTheDatasetLacksOrAPointerOnParquetIsBadUsageInOneLine() throws IOException {
    String index = tmp.resolve("index").toString();
    CliRun missing = CliRun.of("index", "--dataset", DIR.resolve("corpus.parquet").toString(), "--index", index,
        "--id-field", "doc_id", "--text-field", "body", "--meta-fields", "lang,yaer");
    CliRun pointer = CliRun.of("index", "--dataset", DIR.resolve("corpus.parquet").toString(), "--index", index,
        "--id-field", "/doc_id", "--text-field", "body");
    CliRun onATree = CliRun.of("index", tmp.toString(), "--index", index, "--meta-fields", "lang");

    assertThat(missing.exit()).isEqualTo(2);
    assertThat(missing.err().strip()).doesNotContain("\n").contains("missing: yaer");
    assertThat(pointer.exit()).isEqualTo(2);
    assertThat(pointer.err().strip()).isEqualTo("weft: --id-field must be a column name for a parquet dataset, not a"
        + " JSON pointer, got: \"/doc_id\"; write doc_id");
    assertThat(onATree.exit()).isEqualTo(2);
    assertThat(onATree.err()).contains("--meta-fields apply to a dataset");
    assertThat(Files.exists(tmp.resolve("index"))).isFalse();
  }
}
