package dev.weft.jobs.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.networknt.schema.Error;
import com.networknt.schema.InputFormat;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaLocation;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import dev.weft.jobs.report.PageXml;
import dev.weft.schemas.WeftSchemas;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;

/** {@code weft index --report FILE} writes a report valid under its schema; {@code weft report} draws it. */
class RunReportCliTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Schema SCHEMA = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12,
          builder -> builder.schemaLoader(loader -> loader.fetchRemoteResources(false)))
      .getSchema(WeftSchemas.runReportSchemaText(), InputFormat.JSON);

  @TempDir static Path tmp;
  static Path root;
  static Path report;

  @BeforeAll
  static void indexWithAReport() throws IOException {
    root = Files.createDirectories(tmp.resolve("corpus"));
    for (int i = 0; i < 30; i++) {
      Files.writeString(root.resolve("note" + i + ".md"), "# Note " + i + "\n\nSome text about topic " + i + ".\n");
    }
    Files.write(root.resolve("blob.md"), new byte[] {0, 1, 2, 0, 3}); // refused as binary: one dead letter
    report = tmp.resolve("reports/index.json");
    CliRun run = CliRun.of("index", root.toString(), "--index", tmp.resolve("index").toString(), "--quiet",
        "--runner", "inprocess", "--report", report.toString());
    assertThat(run.exit()).as(run.err()).isZero();
  }

  @Test
  void theSchemaIsAValid202012Schema() {
    Schema meta = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12,
            builder -> builder.schemaLoader(loader -> loader.fetchRemoteResources(false)))
        .getSchema(SchemaLocation.of(SpecificationVersion.DRAFT_2020_12.getDialectId()));

    assertThat(meta.validate(WeftSchemas.runReportSchemaText(), InputFormat.JSON)).isEmpty();
  }

  @Test
  void theReportOfARealRunIsValidUnderItsSchema() throws IOException {
    String text = Files.readString(report);

    List<Error> errors = SCHEMA.validate(text, InputFormat.JSON);

    assertThat(errors).isEmpty();
  }

  @Test
  void itCarriesTheRunsCountersStagesGenerationAndDeadLetters() throws IOException {
    JsonNode json = JSON.readTree(report.toFile());

    assertThat(json.get("job").asText()).isEqualTo("index");
    assertThat(json.get("outcome").asText()).isEqualTo("ok");
    assertThat(json.get("generation").asLong()).isEqualTo(1);
    assertThat(json.get("counters").get("added").asLong()).isEqualTo(30);
    assertThat(json.get("stages").findValuesAsText("name")).containsExactly("plan", "chunk", "commit", "publish");
    assertThat(json.get("throughput").get(json.get("throughput").size() - 1).get("items").asLong()).isEqualTo(31);
    assertThat(json.get("deadLetters").get("count").asLong()).isEqualTo(1);
    assertThat(json.get("deadLetters").get("first").get(0).get("path").asText()).isEqualTo("blob.md");
  }

  @Test
  void aFailedRunWritesAFailedReportWithItsExitCode() throws IOException {
    Path failed = tmp.resolve("failed.json");

    CliRun run = CliRun.of("index", tmp.resolve("no-such-dir").toString(), "--index",
        tmp.resolve("index2").toString(), "--quiet", "--report", failed.toString());

    assertThat(run.exit()).isEqualTo(2);
    JsonNode json = JSON.readTree(failed.toFile());
    assertThat(SCHEMA.validate(Files.readString(failed), InputFormat.JSON)).isEmpty();
    assertThat(json.get("outcome").asText()).isEqualTo("failed");
    assertThat(json.get("failure").get("exitCode").asInt()).isEqualTo(2);
    assertThat("weft: " + json.get("failure").get("message").asText()).isEqualTo(run.err().strip());
    assertThat(json.get("generation").asLong()).isEqualTo(-1);
  }

  @Test
  void weftExportWritesAReportToo() throws IOException {
    Path exported = tmp.resolve("export.json");

    CliRun run = CliRun.of("export", "--index", tmp.resolve("index").toString(), "--out",
        tmp.resolve("out").toString(), "--report", exported.toString());

    assertThat(run.exit()).as(run.err()).isZero();
    assertThat(SCHEMA.validate(Files.readString(exported), InputFormat.JSON)).isEmpty();
    JsonNode json = JSON.readTree(exported.toFile());
    assertThat(json.get("job").asText()).isEqualTo("export");
    assertThat(json.get("counters").get("chunks").asLong()).isPositive();
  }

  @Test
  void weftProgramRunWritesAReportValidUnderTheSchema() throws IOException {
    Path env = Files.createDirectories(tmp.resolve("env"));
    Files.writeString(env.resolve("notes.md"), "one\ntwo\n");
    Path program = Files.writeString(tmp.resolve("p.json"), """
        {"steps": [{"op": "stat", "from": "notes.md", "as": "s"}, {"op": "answer", "from": "s"}]}""");
    Path written = tmp.resolve("program.json");

    CliRun run = CliRun.of("program", "run", program.toString(), "--env", env.toString(), "--report",
        written.toString());

    assertThat(run.exit()).as(run.err()).isZero();
    assertThat(SCHEMA.validate(Files.readString(written), InputFormat.JSON)).isEmpty();
    assertThat(JSON.readTree(written.toFile()).get("stages").findValuesAsText("name"))
        .containsExactly("0:stat s", "1:answer");
  }

  @Test
  void weftReportDrawsTheRunAsAPageBesideIt() throws Exception {
    CliRun run = CliRun.of("report", report.toString());

    Path page = tmp.resolve("reports/index.html");
    assertThat(run.exit()).as(run.err()).isZero();
    assertThat(run.out().strip()).isEqualTo(page.toString());
    String html = Files.readString(page);
    Document document = PageXml.parse(html);
    assertThat(document.getElementById("throughput").getNodeName()).isEqualTo("svg");
    assertThat(PageXml.texts(document, "//*[@id='counters']//*[local-name()='title']"))
        .contains("added: 30");
  }

  @Test
  void weftReportOfSomethingElseIsExit2NamingTheFile() throws IOException {
    Path notReport = Files.writeString(tmp.resolve("other.json"), "[1, 2]");

    CliRun run = CliRun.of("report", notReport.toString(), "-o", tmp.resolve("x.html").toString());

    assertThat(run.exit()).isEqualTo(2);
    assertThat(run.err()).startsWith("weft: not a run report: " + notReport).hasLineCount(1);
    assertThat(tmp.resolve("x.html")).doesNotExist();
  }
}
