package dev.weft.jobs.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.weft.context.Kind;
import dev.weft.jobs.view.TsvFields;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Output hostile content cannot break, one-line refusals, and per-command help. */
class CliOutputTest {
  @TempDir Path tmp;

  @Test
  void hostileNamesAndHeadingsNeverSplitARowNorReachTheTerminalRaw() throws IOException {
    Path root = Files.createDirectories(tmp.resolve("corpus"));
    // a tab and an ESC in the file name; a tab, an OSC title sequence and a backslash in the heading
    Files.writeString(root.resolve("tab\there\u001b[31m.md"),
        "# Heading\twith \u001b]0;pwned\u0007 and a \\ backslash\n\nwombat wombat\n");
    String index = tmp.resolve("index").toString();
    assertThat(CliRun.of("index", root.toString(), "--index", index, "--quiet").exit()).isZero();

    CliRun recall = CliRun.of("recall", "wombat", "--index", index);

    assertThat(recall.exit()).isZero();
    assertThat(recall.lines()).hasSize(1);
    String[] columns = recall.lines()[0].split("\t", -1);
    assertThat(columns).hasSize(7);
    assertThat(columns[0]).isEqualTo("tab\\there\\u001b[31m.md");
    assertThat(columns[5]).isEqualTo("Heading\\twith \\u001b]0;pwned\\u0007 and a \\\\ backslash");
    assertThat(recall.out()).doesNotContain("\u001b", "\u0007");
  }

  @Test
  void tsvFieldsEscapeEveryControlCharacterAndRoundTripTheRest() {
    assertThat(TsvFields.field("a\tb\nc\rd\\e\u0000f\u007f\u009b")).isEqualTo("a\\tb\\nc\\rd\\\\e\\u0000f\\u007f\\u009b");
    assertThat(TsvFields.field("plain ünïcödé")).isEqualTo("plain ünïcödé");
    assertThat(TsvFields.field(null)).isEmpty();
    assertThat(TsvFields.row("x\ty", 3, null)).isEqualTo("x\\ty\t3\t");
    assertThat(TsvFields.printable("C:\\dir\nnext\u001b")).isEqualTo("C:\\dir\\nnext\\u001b");
  }

  @Test
  void bidiFormattingCharactersAreEscapedInFieldsAndMessages() {
    String spoof = "a\u202eb\u202ac\u200ed\u200fe\u2066f\u2069g\u061ch";

    assertThat(TsvFields.field(spoof)).isEqualTo("a\\u202eb\\u202ac\\u200ed\\u200fe\\u2066f\\u2069g\\u061ch");
    assertThat(TsvFields.printable(spoof)).isEqualTo(TsvFields.field(spoof));
    assertThat(TsvFields.field("\u2067\u2068\u202b\u202c\u202d")).isEqualTo("\\u2067\\u2068\\u202b\\u202c\\u202d");
    assertThat(TsvFields.field("\u200d\u2065\u206a")).isEqualTo("\u200d\u2065\u206a"); // not bidi controls
  }

  @Test
  void zeroHitsIsRefusedByName() throws IOException {
    String index = indexGolden();

    CliRun run = CliRun.of("recall", "token", "-n", "0", "--index", index);

    assertThat(run.exit()).isEqualTo(2);
    assertThat(run.err()).isEqualTo("weft: -n must be at least 1, got: 0\n");
  }

  @Test
  void everyCommandAnswersHelp() {
    for (String command : new String[] {"index", "recall", "get", "generations", "rollback", "stats",
        "embed-missing", "export", "eval", "bench"}) {
      CliRun help = CliRun.of(command, "--help");
      assertThat(help.exit()).as(command).isZero();
      assertThat(help.out()).as(command).contains("Usage: weft " + command).contains("--verbose");
      assertThat(help.err()).as(command).isEmpty();
    }
  }

  @Test
  void statsJsonNamesEachKindAsTheTsvDoes() throws IOException {
    String index = indexGolden();

    CliRun tsv = CliRun.of("stats", "--index", index);
    JsonNode json = new ObjectMapper().readTree(CliRun.of("stats", "--index", index, "--json").out());

    for (Kind kind : Kind.values()) {
      String line = tsv.out().lines().filter(l -> l.startsWith("chunks." + kind.id() + "\t")).findFirst()
          .orElseThrow(() -> new AssertionError("no chunks." + kind.id() + " line in: " + tsv.out()));
      assertThat(json.at("/chunks/" + kind.id()).asText()).as(kind.id()).isEqualTo(line.split("\t")[1]);
    }
    assertThat(json.path("chunks").fieldNames()).toIterable()
        .allMatch(name -> name.equals(name.toLowerCase(Locale.ROOT)));
    assertThat(json.at("/chunks/code").asLong()).isPositive();
  }

  @Test
  void evalHelpSaysItHasNoDefaultEmbedderWhereIndexSaysBgeSmall() {
    String eval = CliRun.of("eval", "--help").out().replaceAll("\\s+", " ");
    String index = CliRun.of("index", "--help").out().replaceAll("\\s+", " ");

    assertThat(eval).contains("No default: without it, dense and hybrid are reported as not run.")
        .doesNotContain("else bge-small");
    assertThat(index).contains("else bge-small");
  }

  @Test
  void aFailureIsOneLineAndTheStackOnlyWithVerbose() throws IOException {
    String index = indexGolden();

    CliRun plain = CliRun.of("get", "no/such.md", "--index", index);
    CliRun verbose = CliRun.of("get", "no/such.md", "--index", index, "--verbose");

    assertThat(plain.exit()).isEqualTo(1);
    assertThat(plain.err().lines()).hasSize(1).first().asString()
        .startsWith("weft: no such file in the index: no/such.md");
    assertThat(verbose.exit()).isEqualTo(1);
    assertThat(verbose.err()).startsWith(plain.err()).contains("\tat dev.weft.");
  }

  private String indexGolden() throws IOException {
    Path root = GoldenCorpusTest.copy(GoldenCorpusTest.GOLDEN, tmp.resolve("golden"));
    String index = tmp.resolve("golden-index").toString();
    assertThat(CliRun.of("index", root.toString(), "--index", index, "--quiet").exit()).isZero();
    return index;
  }
}
