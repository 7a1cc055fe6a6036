package dev.weft.jobs.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.agents.model.stub.StubChatServer;
import dev.weft.agents.model.stub.StubReply;
import dev.weft.jobs.cli.options.FlinkClusterOptions;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/**
 * {@code weft program run --runner flink --flink-master HOST:PORT [--parallelism N]}: the flags {@code weft index}
 * has, with its meaning, reaching the program pipeline; refused in one line with exit 2 on another runner.
 */
class ProgramRunFlinkCliTest {
  private static final Path PROGRAM = ProgramCliTest.EXAMPLES.resolve("deprecated-calls.json");
  private static final String DATASET = ProgramCliTest.EXAMPLES.resolve("modules.jsonl").toString();

  @TempDir Path tmp;

  @Test
  void theFlagsParseIntoTheBeamOptionsOfAFlinkCluster() {
    FlinkClusterOptions given = parse("--flink-master", "jm:8081", "--parallelism", "4");
    FlinkClusterOptions none = parse();

    assertThat(given.beamArgs()).containsExactly("--flinkMaster=jm:8081", "--parallelism=4");
    assertThat(none.beamArgs()).isEmpty();
  }

  @Test
  void programRunAndIndexShareOneDeclarationOfTheFlags() {
    CommandLine cli = WeftCli.tree();
    var run = cli.getSubcommands().get("program").getSubcommands().get("run").getCommandSpec();
    var index = cli.getSubcommands().get("index").getCommandSpec();

    for (String name : new String[] {"--flink-master", "--parallelism"}) {
      assertThat(run.findOption(name).description()).isEqualTo(index.findOption(name).description());
      assertThat(run.findOption(name).paramLabel()).isEqualTo(index.findOption(name).paramLabel());
    }
  }

  @Test
  void theClustersFlagsOnAnotherRunnerAreRefusedInOneLineWithExitTwo() {
    CliRun inProcess = run("--flink-master", "jm:8081");
    CliRun direct = run("--runner", "direct", "--parallelism", "2");
    CliRun zero = run("--runner", "flink", "--parallelism", "0");

    assertThat(inProcess.exit()).isEqualTo(2);
    assertThat(inProcess.err()).isEqualTo("weft: Beam options need runner direct or flink, got runner inprocess "
        + "with: --flinkMaster=jm:8081 (pass --runner flink, or drop them)\n");
    assertThat(direct.exit()).isEqualTo(2);
    assertThat(direct.err()).isEqualTo("weft: a Flink cluster's options need runner flink, got runner direct with: "
        + "--parallelism=2 (pass --runner flink, or drop them)\n");
    assertThat(zero.exit()).isEqualTo(2);
    assertThat(zero.err()).isEqualTo("weft: --parallelism must be at least 1, got: 0\n");
  }

  @Test
  void indexRefusesAParallelismBelowOneAsProgramRunDoes() {
    CliRun index = CliRun.of("index", tmp.toString(), "--index", tmp.resolve("idx").toString(), "--runner", "flink",
        "--parallelism", "0");

    assertThat(index.exit()).isEqualTo(2);
    assertThat(index.err()).isEqualTo("weft: --parallelism must be at least 1, got: 0\n");
  }

  @Test
  void aLocalFlinkMasterRunsTheProgramEndToEnd() throws Exception {
    try (StubChatServer stub = new StubChatServer()) {
      stub.replies(request -> StubReply.text("{\"calls\": " + request.userMessage().contains("LegacyClock.now();")
          + ", \"module\": \"m\", \"why\": \"w\"}"));

      CliRun run = CliRun.of("program", "run", PROGRAM.toString(), "--dataset", DATASET, "--runner", "flink",
          "--flink-master", "[local]", "--parallelism", "1", "--work", tmp.resolve("work").toString(),
          "--model", "stub", "--base-url", stub.baseUrl(), "--api-key-env", "WEFT_TEST_NO_KEY", "--json",
          "--quiet");

      assertThat(run.exit()).as(run.err()).isZero();
      assertThat(run.out()).contains("\"ok\":true").contains("\"runner\":\"flink\"").contains("\"subcalls\":3");
      assertThat(stub.calls()).isEqualTo(3);
    }
  }

  private CliRun run(String... flags) {
    String[] args = new String[5 + flags.length];
    String[] head = {"program", "run", PROGRAM.toString(), "--dataset", DATASET};
    System.arraycopy(head, 0, args, 0, head.length);
    System.arraycopy(flags, 0, args, head.length, flags.length);
    return CliRun.of(args);
  }

  private static FlinkClusterOptions parse(String... args) {
    Host host = new Host();
    new CommandLine(host).parseArgs(args);
    return host.flink;
  }

  /** A command holding only the mixin. */
  @Command(name = "host")
  static final class Host {
    @Mixin FlinkClusterOptions flink;
  }
}
