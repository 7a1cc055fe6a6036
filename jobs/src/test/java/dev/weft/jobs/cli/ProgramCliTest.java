package dev.weft.jobs.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** `weft program compile|run` through the CLI: exit codes, the rows printed, refusals in one line. */
public class ProgramCliTest {
  public static final Path EXAMPLES = Path.of("../examples/programs").toAbsolutePath().normalize();

  @TempDir Path tmp;

  @Test
  void compilePrintsThePlan() {
    CliRun run = CliRun.of("program", "compile", EXAMPLES.resolve("deprecated-calls.json").toString());

    assertThat(run.exit()).isZero();
    assertThat(run.out()).contains("name\tdeprecated-calls\n").containsPattern("fingerprint\t[0-9a-f]{64}\n")
        .contains("step\t2\tmap\thits\tfindings\tmaxSubcalls=100 output=schema\n");
  }

  @Test
  void compilePrintsEveryCodedErrorAndExitsTwo() throws Exception {
    Path bad = Files.writeString(tmp.resolve("bad.json"), """
        {"steps": [{"op": "fold", "from": "input", "as": "x"}]}""");

    CliRun run = CliRun.of("program", "compile", bad.toString());
    CliRun json = CliRun.of("program", "compile", bad.toString(), "--json");

    assertThat(run.exit()).isEqualTo(2);
    assertThat(run.out()).startsWith("AI0102\t/steps/0/op\t");
    assertThat(json.out()).contains("\"ok\":false").contains("\"code\":\"AI0102\"");
  }

  @Test
  void runOverAnEnvDirectoryWithoutAMapNeedsNoModel() throws Exception {
    Path env = Files.createDirectories(tmp.resolve("env"));
    Files.writeString(env.resolve("notes.md"), "one\ntwo\n");
    Path program = Files.writeString(tmp.resolve("p.json"), """
        {"steps": [{"op": "stat", "from": "notes.md", "as": "s"},
                   {"op": "select", "from": "s", "as": "lines", "query": ".lines"},
                   {"op": "answer", "from": "lines"}]}""");

    CliRun run = CliRun.of("program", "run", program.toString(), "--env", env.toString());
    CliRun json = CliRun.of("program", "run", program.toString(), "--env", env.toString(), "--json");

    assertThat(run.exit()).isZero();
    assertThat(run.out()).isEqualTo("2\n");
    assertThat(run.err()).startsWith("ok: 1 pieces, 0 sub-calls, 0 failed, 0 not visited, 0 inputs refused, ");
    assertThat(json.out()).contains("\"ok\":true").contains("\"preview\":\"2\"").contains("\"runner\":\"inprocess\"");
  }

  @Test
  void anAnswerPastThePreviewIsWrittenWholeToAnswerOutAndTheTruncationLineSaysWhere() throws Exception {
    Path env = Files.createDirectories(tmp.resolve("env"));
    Files.writeString(env.resolve("notes.json"), "{\"t\": \"" + "a".repeat(2_500) + "END\"}");
    Path program = Files.writeString(tmp.resolve("p.json"), """
        {"steps": [{"op": "select", "from": "notes.json", "as": "t", "query": ".t"},
                   {"op": "answer", "from": "t"}]}""");
    Path answer = tmp.resolve("out/answer.txt");

    CliRun preview = CliRun.of("program", "run", program.toString(), "--env", env.toString());
    CliRun whole = CliRun.of("program", "run", program.toString(), "--env", env.toString(), "--answer-out",
        answer.toString());
    CliRun json = CliRun.of("program", "run", program.toString(), "--env", env.toString(), "--answer-out",
        answer.toString(), "--json");

    assertThat(preview.exit()).as(preview.err()).isZero();
    assertThat(preview.out()).doesNotContain("END")
        .endsWith("characters; --answer-out FILE writes the whole answer]\n");
    assertThat(whole.exit()).as(whole.err()).isZero();
    assertThat(whole.out()).endsWith("characters; the whole answer is in " + answer + "]\n");
    assertThat(Files.readString(answer)).hasSizeGreaterThan(2_500).contains("a".repeat(2_500) + "END");
    assertThat(json.out()).contains("\"file\":\"" + answer + "\"").contains("\"truncated\":true");
  }

  @Test
  void aDurationOptionTakesBothSpellingsAndRefusesAnyOtherByName() throws Exception {
    Path env = Files.createDirectories(tmp.resolve("env"));
    Files.writeString(env.resolve("notes.md"), "one\ntwo\n");
    Path program = Files.writeString(tmp.resolve("p.json"), """
        {"steps": [{"op": "stat", "from": "notes.md", "as": "s"}, {"op": "answer", "from": "s"}]}""");

    for (String deadline : new String[] {"30m", "PT30M", "1h"}) {
      CliRun run = CliRun.of("program", "run", program.toString(), "--env", env.toString(), "--deadline", deadline);
      assertThat(run.exit()).as(deadline + ": " + run.err()).isZero();
    }
    CliRun bad = CliRun.of("program", "run", program.toString(), "--env", env.toString(), "--deadline", "soon");
    assertThat(bad.exit()).isEqualTo(2);
    assertThat(bad.err()).contains("--deadline").contains("soon")
        .contains("a whole number with ms, s, m or h (500ms, 10s, 2m, 1h) or ISO-8601 (PT30S)").hasLineCount(1);
  }

  @Test
  void refusalsAreOneLineWithExitTwo() throws Exception {
    Path program = EXAMPLES.resolve("deprecated-calls.json");
    String dataset = EXAMPLES.resolve("modules.jsonl").toString();

    CliRun noModel = CliRun.of("program", "run", program.toString(), "--dataset", dataset);
    CliRun badRunner = CliRun.of("program", "run", program.toString(), "--dataset", dataset, "--runner", "spark");
    CliRun badK = CliRun.of("program", "run", program.toString(), "--dataset", dataset, "--max-concurrent", "0");
    CliRun twoSources = CliRun.of("program", "run", program.toString(), "--dataset", dataset, "--env", "x");

    assertThat(noModel.exit()).isEqualTo(2);
    assertThat(noModel.err()).contains("maps over pieces with a model (step 2); pass --model M --base-url URL")
        .hasLineCount(1);
    assertThat(badRunner.err()).isEqualTo("weft: --runner must be one of inprocess, direct (DirectRunner), flink"
        + " (FlinkRunner); got: spark\n");
    assertThat(badK.err()).isEqualTo("weft: maxConcurrent must be between 1 and 64, got: 0\n");
    assertThat(twoSources.exit()).isEqualTo(2);
  }

  @Test
  void benchProgramRefusesBadOptionsByName() {
    CliRun calls = CliRun.of("bench", "program", "--calls", "0");
    CliRun transport = CliRun.of("bench", "program", "--transport", "pigeon");

    assertThat(calls.exit()).isEqualTo(2);
    assertThat(calls.err()).isEqualTo("weft: calls must be at least 1, got: 0\n");
    assertThat(transport.err()).isEqualTo("weft: --transport must be one of [stub, simulated], got: pigeon\n");
    CliRun beam = CliRun.of("bench", "program", "--beam", "--runners", "spark");
    assertThat(beam.err()).isEqualTo("weft: runners must be direct or flink, got: spark\n");
  }
}
