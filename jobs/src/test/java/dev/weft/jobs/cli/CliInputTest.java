package dev.weft.jobs.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.ThrowingSupplier;
import org.junit.jupiter.api.io.TempDir;

/**
 * Hostile input on the command line (issue 29): arguments starting with {@code @}, files that are pipes or devices
 * or missing, values too long to echo, ids that would fool a terminal or collapse into another, and usage errors.
 * Each failure is one line naming the value, with exit 2.
 */
class CliInputTest {
  @TempDir Path tmp;

  private CliRun run(String... args) {
    String[] all = new String[args.length + 2];
    System.arraycopy(args, 0, all, 0, args.length);
    all[args.length] = "--index";
    all[args.length + 1] = tmp.resolve("index").toString();
    return CliRun.of(all);
  }

  @Test
  void anEvidenceFileIsReadByWeftInBothDocumentedForms() throws IOException {
    Path evidence = Files.writeString(tmp.resolve("ev.json"), "[\"pom.xml:21\", \"two words\"]");

    CliRun spaced = run("ledger", "memory", "add", "jdk 17", "--evidence-json", "@" + evidence);
    CliRun joined = run("ledger", "memory", "add", "jdk 17", "--evidence-json=@" + evidence);

    assertThat(spaced.err()).isEmpty();
    assertThat(spaced.out()).isEqualTo("memory:1\n");
    assertThat(joined.out()).isEqualTo("memory:2\n");
    assertThat(run("ledger", "memory", "get", "memory:1", "--json").out())
        .contains("\"evidence\":[\"pom.xml:21\",\"two words\"]");
  }

  @Test
  void rememberStoresAnArgumentStartingWithAtAsItIs() throws IOException {
    Files.writeString(tmp.resolve("notes.txt"), "the words of a file");
    String notes = "@" + tmp.resolve("notes.txt");

    assertThat(run("remember", "n1", notes).exit()).isZero();

    assertThat(run("memory", "get", "n1").out()).endsWith("\t" + notes + "\n");
  }

  @Test
  void aMissingEvidenceFileIsBadInputNamingIt() {
    CliRun missing = run("ledger", "memory", "add", "t", "--evidence-json", "@/nonexistent/ev.json");

    assertThat(missing.exit()).isEqualTo(2);
    assertThat(missing.err()).isEqualTo("weft: the evidence file /nonexistent/ev.json does not exist; pass "
        + "--evidence-json=@FILE with a JSON file, or the JSON itself\n");
  }

  @Test
  void aHugeValueIsQuotedAbbreviated() {
    String huge = "[" + "1,".repeat(500_000) + "1]";

    CliRun refused = run("ledger", "memory", "add", "t", "--evidence-json", "{\"version\": " + huge + "}");

    assertThat(refused.exit()).isEqualTo(2);
    assertThat(refused.err()).startsWith("weft: evidence refused at /version: an integer version is required, got: "
        + "[1,1,1,").contains("… (1000003 chars)").hasSizeLessThan(600);
  }

  @Test
  void aFifoOrADeviceIsRefusedByNameAndNeverOpened() throws Exception {
    Path fifo = mkfifo(tmp.resolve("pipe.json"));

    CliRun evidence = bounded(() -> run("ledger", "memory", "add", "t", "--evidence-json=@" + fifo));
    CliRun report = bounded(() -> CliRun.of("report", fifo.toString()));
    CliRun program = bounded(() -> CliRun.of("program", "compile", fifo.toString()));
    CliRun zero = bounded(() -> run("ledger", "memory", "add", "t", "--evidence-json=@/dev/zero"));

    assertThat(evidence.exit()).isEqualTo(2);
    assertThat(evidence.err()).isEqualTo("weft: the evidence file must be a regular file, got a FIFO (named pipe): "
        + fifo + "; pass --evidence-json=@FILE with a JSON file, or the JSON itself\n");
    assertThat(report.exit()).isEqualTo(2);
    assertThat(report.err()).startsWith("weft: the run report must be a regular file, got a FIFO (named pipe): "
        + fifo);
    assertThat(program.exit()).isEqualTo(2);
    assertThat(program.err()).startsWith("weft: the program must be a regular file, got a FIFO (named pipe): "
        + fifo);
    assertThat(zero.exit()).isEqualTo(2);
    assertThat(zero.err()).startsWith("weft: the evidence file must be a regular file, got a character device: "
        + "/dev/zero");
  }

  @Test
  void aFifoAsAProgramDatasetIsRefusedByName() throws Exception {
    Path program = Path.of("../examples/programs/deprecated-calls.json").toAbsolutePath().normalize();
    Path fifo = mkfifo(tmp.resolve("records.jsonl"));

    CliRun run = bounded(() -> CliRun.of("program", "run", program.toString(), "--dataset", fifo.toString()));

    assertThat(run.exit()).isEqualTo(2);
    assertThat(run.err()).startsWith("weft: the dataset must be a regular file, got a FIFO (named pipe): " + fifo);
  }

  @Test
  void forgettingAnIdKeepsIdsThatOnlyStartWithItAndAHash() {
    for (String id : new String[] {"a", "a#2", "a#2#1", "a#b", "a#", "a#2b", "ab"}) {
      assertThat(run("remember", id, "text of " + id).exit()).as(id).isZero();
    }

    assertThat(run("forget", "a").out()).isEqualTo("forgot\t3\n");

    assertThat(run("memory", "list").lines()).extracting(l -> l.split("\t")[0])
        .containsExactly("a#b", "a#", "a#2b", "ab");
  }

  @Test
  void bidiControlsInAnIdAreEscapedLikeControlCharacters() {
    String id = "invoice\u202egpj.exe\u2066x\u2069\u200f\u061c";
    assertThat(run("remember", id, "text").exit()).isZero();

    CliRun list = run("memory", "list");

    assertThat(list.out()).startsWith("invoice\\u202egpj.exe\\u2066x\\u2069\\u200f\\u061c\t")
        .doesNotContain("\u202e", "\u2066", "\u2069", "\u200f", "\u061c");
  }

  @Test
  void anIdThatWasNotValidUtf8IsRefused() {
    // what Java makes of argv bytes that are not UTF-8: a replacement character, or half a surrogate pair
    CliRun replaced = run("remember", "id\uFFFD", "text");
    CliRun lone = run("memory", "get", "id\uD800");

    assertThat(replaced.exit()).isEqualTo(2);
    assertThat(replaced.err()).startsWith("weft: memory id must be valid UTF-8 text, got 'id\uFFFD' with a U+FFFD "
        + "replacement character at index 2");
    assertThat(lone.exit()).isEqualTo(2);
    assertThat(lone.err()).contains("with an unpaired surrogate at index 2");
    assertThat(run("memory", "count").out()).isEqualTo("0\n");
  }

  @Test
  void aParameterErrorIsOneLineWithAHelpHint() {
    CliRun bogus = CliRun.of("recall", "--bogus", "x");
    CliRun nested = CliRun.of("ledger", "memory", "recall", "-n", "many");

    assertThat(bogus.exit()).isEqualTo(2);
    assertThat(bogus.err()).isEqualTo("weft: Unknown option: '--bogus'; see `weft recall --help`\n");
    assertThat(nested.exit()).isEqualTo(2);
    assertThat(nested.err()).startsWith("weft: Invalid value for option '-n': 'many' is not an int")
        .endsWith("; see `weft ledger memory --help`\n").hasLineCount(1);
  }

  @Test
  void deletingAMissingLedgerRecordHintsACommandThatExists() {
    CliRun delete = run("ledger", "memory", "delete", "memory:999");

    assertThat(delete.exit()).isEqualTo(1);
    assertThat(delete.err()).isEqualTo("weft: no memory:999 in the ledger; `weft ledger memory recall -n 100` "
        + "lists the newest memory records\n");
  }

  /** The deadline only keeps a regression from hanging the build: opening a FIFO blocks until a writer comes. */
  private static CliRun bounded(ThrowingSupplier<CliRun> run) {
    return assertTimeoutPreemptively(Duration.ofSeconds(30), run);
  }

  private static Path mkfifo(Path path) throws IOException, InterruptedException {
    Process process = new ProcessBuilder("mkfifo", path.toString()).inheritIO().start();
    assertThat(process.waitFor()).isZero();
    return path;
  }
}
