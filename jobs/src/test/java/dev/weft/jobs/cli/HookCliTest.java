package dev.weft.jobs.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.weft.context.IndexLocation;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code weft hook pre-edit} and {@code weft hook session-start} through the CLI, fed the JSON Claude Code sends
 * (testdata/hooks, {@code $ROOT} replaced by a copy of testdata/impact-corpus indexed at its default
 * {@code ROOT/.weft}): the impact of the touched symbols as the hook's additionalContext, nothing for what is no
 * edit of an indexed file, nothing past the deadline, and a non-blocking exit (never 2) for whatever is wrong.
 */
class HookCliTest {
  static final Path HOOKS = Path.of("../testdata/hooks").toAbsolutePath().normalize();
  private static final ObjectMapper JSON = new ObjectMapper();
  /** The real starter, put back after a test records instead of starting processes. */
  private static final HookSessionStartCommand.Starter REAL_STARTER = HookSessionStartCommand.starter;

  @TempDir static Path tmp;
  static Path root;

  @BeforeAll
  static void indexTheCorpus() throws IOException {
    root = GoldenCorpusTest.copy(ImpactCommandTest.CORPUS, tmp.resolve("corpus"));
    CliRun run = CliRun.of("index", root.toString(), "--index", root.resolve(IndexLocation.DEFAULT_NAME).toString(),
        "--quiet", "--runner", "inprocess");
    assertThat(run.exit()).as(run.err()).isZero();
  }

  @AfterEach
  void restoreTheStarter() {
    HookSessionStartCommand.starter = REAL_STARTER;
  }

  /** The fixture with {@code $ROOT} replaced, written where {@code --input} reads it. */
  static Path payload(String fixture, Path projectRoot) throws IOException {
    String json = Files.readString(HOOKS.resolve(fixture)).replace("$ROOT", projectRoot.toString());
    return Files.writeString(Files.createTempFile(tmp, "payload", ".json"), json);
  }

  private static JsonNode hookOutput(CliRun run) throws IOException {
    assertThat(run.exit()).as(run.err()).isZero();
    assertThat(run.err()).isEmpty();
    JsonNode output = JSON.readTree(run.out());
    assertThat(output.at("/hookSpecificOutput/hookEventName").asText()).isEqualTo("PreToolUse");
    return output;
  }

  @Test
  void anEditInsideAMethodPrintsThatMethodsImpactAsTheHooksAdditionalContext() throws IOException {
    CliRun run = CliRun.of("hook", "pre-edit", "--input", payload("pre-tool-use-edit.json", root).toString());

    String context = hookOutput(run).at("/hookSpecificOutput/additionalContext").asText();
    assertThat(context).startsWith("weft impact of the symbols this edit of src/main/java/com/acme/bucket/"
        + "TokenBucket.java touches");
    assertThat(context.lines()).contains("symbol\ttryAcquire", "risk\tmedium",
        "caller\tsrc/main/java/com/acme/bucket/Gateway.java\t9\thandle\tconfirmed")
        .noneMatch(line -> line.equals("symbol\trefill"));
  }

  @Test
  void aMultiEditReportsEverySymbolItsEditsTouchInFileOrder() throws IOException {
    CliRun run = CliRun.of("hook", "pre-edit", "--input", payload("pre-tool-use-multiedit.json", root).toString());

    String context = hookOutput(run).at("/hookSpecificOutput/additionalContext").asText();
    assertThat(context.lines().filter(line -> line.startsWith("symbol\t")))
        .containsExactly("symbol\ttryAcquire", "symbol\trefill");
  }

  @Test
  void aWriteTouchesEverySymbolOfTheFileUpToMaxSymbols() throws IOException {
    Path input = payload("pre-tool-use-write.json", root);

    CliRun all = CliRun.of("hook", "pre-edit", "--input", input.toString(), "--text");
    CliRun one = CliRun.of("hook", "pre-edit", "--input", input.toString(), "--text", "--max-symbols", "1");

    assertThat(all.exit()).as(all.err()).isZero();
    assertThat(all.out().lines().filter(line -> line.startsWith("symbol\t")))
        .contains("symbol\ttryAcquire", "symbol\trefill");
    assertThat(one.out().lines().filter(line -> line.startsWith("symbol\t"))).hasSize(1);
  }

  @Test
  void whatIsNoEditOfAnIndexedFileGetsNoOutput() throws IOException {
    CliRun read = CliRun.of("hook", "pre-edit", "--input", payload("pre-tool-use-read.json", root).toString());
    Path elsewhere = Files.createDirectories(tmp.resolve("elsewhere/src/main/java/com/acme/bucket"));
    Files.copy(root.resolve("src/main/java/com/acme/bucket/TokenBucket.java"),
        elsewhere.resolve("TokenBucket.java"));
    CliRun outside = CliRun.of("hook", "pre-edit", "--input",
        payload("pre-tool-use-edit.json", tmp.resolve("elsewhere")).toString(), "--index",
        root.resolve(IndexLocation.DEFAULT_NAME).toString());

    for (CliRun run : List.of(read, outside)) {
      assertThat(run.exit()).as(run.err()).isZero();
      assertThat(run.out()).isEmpty();
      assertThat(run.err()).isEmpty();
    }
  }

  @Test
  void badInputIsOneLineOnStderrAndANonBlockingExitNeverTwo() throws IOException {
    Path garbage = Files.writeString(tmp.resolve("garbage.json"), "{\"hook_event_name\": \"PreToolUse\", ");
    Path session = payload("session-start.json", root);

    CliRun malformed = CliRun.of("hook", "pre-edit", "--input", garbage.toString());
    CliRun wrongEvent = CliRun.of("hook", "pre-edit", "--input", session.toString());
    CliRun badFlag = CliRun.of("hook", "pre-edit", "--deadlin", "2s");
    CliRun zeroDeadline = CliRun.of("hook", "pre-edit", "--deadline", "0s", "--input", session.toString());

    assertThat(malformed.err()).startsWith("weft: hook input must be Claude Code's PreToolUse JSON, got: ");
    assertThat(wrongEvent.err()).startsWith("weft: hook_event_name must be PreToolUse for this hook, got: "
        + "SessionStart; register the hook under that event");
    assertThat(badFlag.err()).startsWith("weft: Unknown options: '--deadlin', '2s'");
    assertThat(zeroDeadline.err()).startsWith("weft: --deadline must be longer than zero, got: PT0S");
    for (CliRun run : List.of(malformed, wrongEvent, badFlag, zeroDeadline)) {
      assertThat(run.exit()).as(run.err()).isEqualTo(HookCommand.NON_BLOCKING);
      assertThat(run.out()).isEmpty();
      assertThat(run.err().lines()).hasSize(1);
    }
  }

  @Test
  void aClientThatNeverClosesStdinGetsNothingAtTheDeadlineAndTheEditGoesAhead() throws Exception {
    Path fifo = tmp.resolve("never-written");
    Process mkfifo = new ProcessBuilder("mkfifo", fifo.toString()).inheritIO().start();
    assertThat(mkfifo.waitFor(30, TimeUnit.SECONDS)).isTrue();
    assertThat(mkfifo.exitValue()).isZero();

    CliRun run = CliRun.of("hook", "pre-edit", "--input", fifo.toString(), "--deadline", "200ms");

    assertThat(run.exit()).isZero();
    assertThat(run.out()).isEmpty();
    assertThat(run.err()).isEmpty();
    try (OutputStream unblock = Files.newOutputStream(fifo)) {
      unblock.flush(); // the abandoned reader gets its end of file and ends
    }
  }

  @Test
  void sessionStartStartsTheWarmServerAndAnIncrementalIndexInTheBackgroundAndReturnsAtOnce() throws IOException {
    List<List<String>> started = new ArrayList<>();
    List<Path> where = new ArrayList<>();
    HookSessionStartCommand.starter = (directory, args, log) -> {
      where.add(directory);
      started.add(args);
      assertThat(log).isEqualTo(root.resolve(".weft/hook.log"));
    };

    CliRun run = CliRun.of("hook", "session-start", "--input", payload("session-start.json", root).toString());

    assertThat(run.exit()).as(run.err()).isZero();
    assertThat(run.out()).isEmpty();
    assertThat(where).containsOnly(root);
    List<String> index = List.of("index", root.toString(), "--index", root.resolve(".weft").toString(), "--quiet");
    if ("1".equals(System.getenv("WEFT_NO_SERVER"))) {
      assertThat(started).containsExactly(index);
    } else {
      assertThat(started).containsExactly(List.of("serve"), index);
    }
    assertThat(root.resolve(".weft/.gitignore")).exists();
  }

  @Test
  void sessionStartWithAProjectThatIsNoDirectoryStartsNothing() throws IOException {
    List<List<String>> started = new ArrayList<>();
    HookSessionStartCommand.starter = (directory, args, log) -> started.add(args);

    CliRun run = CliRun.of("hook", "session-start", "--input",
        payload("session-start.json", tmp.resolve("no-such-project")).toString());

    assertThat(run.exit()).isEqualTo(HookCommand.NON_BLOCKING);
    assertThat(run.err()).startsWith("weft: the project to index must be an existing absolute directory");
    assertThat(started).isEmpty();
  }
}
