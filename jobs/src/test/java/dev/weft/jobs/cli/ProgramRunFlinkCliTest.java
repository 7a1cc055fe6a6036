package dev.weft.jobs.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import dev.weft.agents.model.stub.StubChatServer;
import dev.weft.agents.model.stub.StubReply;
import dev.weft.jobs.cli.options.FlinkClusterOptions;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
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

  @Test
  void aParallelismTheClusterCannotGiveFailsAtOnceWithItsExitCode() throws Exception {
    try (FakeJobManager twoSlots = new FakeJobManager(2, 2); FakeJobManager oneFree = new FakeJobManager(2, 1)) {
      CliRun tooMany = onCluster(twoSlots.master(), "--parallelism", "3");
      CliRun taken = onCluster(oneFree.master(), "--parallelism", "2");
      Path corpus = Files.createDirectories(tmp.resolve("corpus"));
      Files.writeString(corpus.resolve("a.md"), "# A\n\nSome text.\n");
      CliRun index = CliRun.of("index", corpus.toString(), "--index", tmp.resolve("idx").toString(), "--runner",
          "flink", "--flink-master", twoSlots.master(), "--parallelism", "3");

      assertThat(tooMany.exit()).isEqualTo(2);
      assertThat(tooMany.err()).isEqualTo("weft: the job needs 3 task slots (--parallelism 3) but the Flink cluster "
          + "at " + twoSlots.master() + " has 2 in all; pass --parallelism 2 or less, or add TaskManagers or "
          + "slots\n");
      assertThat(taken.exit()).isEqualTo(3);
      assertThat(taken.err()).isEqualTo("weft: the job needs 2 task slots (--parallelism 2) but the Flink cluster "
          + "at " + oneFree.master() + " has 1 of 2 free; retry when its running jobs finish, or pass "
          + "--parallelism 1 or less\n");
      assertThat(index.exit()).isEqualTo(2);
      assertThat(index.err().lines().reduce((first, last) -> last)).hasValue("weft: the job needs 3 task slots "
          + "(--parallelism 3) but the Flink cluster at " + twoSlots.master() + " has 2 in all; pass --parallelism 2 "
          + "or less, or add TaskManagers or slots");
    }
  }

  @Test
  void anUnreachableClusterIsExitFiveNamingTheAddress() throws Exception {
    int closed;
    try (ServerSocket socket = new ServerSocket(0)) {
      closed = socket.getLocalPort();
    }

    CliRun run = onCluster("localhost:" + closed);

    assertThat(run.exit()).as(run.err()).isEqualTo(5);
    assertThat(run.err()).startsWith("weft: cannot read the Flink cluster's task slots from http://localhost:"
        + closed + "/overview: ").endsWith("; start the cluster or fix --flink-master (HOST:PORT of its REST "
        + "API, 8081 by default)\n");
    assertThat(run.err().lines()).hasSize(1);
  }

  /** {@code program run} on the cluster at {@code master}, with a model that is never reached. */
  private CliRun onCluster(String master, String... more) {
    List<String> flags = new ArrayList<>(List.of("--runner", "flink", "--flink-master", master, "--work",
        tmp.resolve("work").toString(), "--model", "stub", "--base-url", "http://localhost:9", "--api-key-env",
        "WEFT_TEST_NO_KEY"));
    flags.addAll(List.of(more));
    return run(flags.toArray(String[]::new));
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

  /** A JobManager's REST API as far as {@code GET /overview} goes: its slots in all and free. */
  private static final class FakeJobManager implements AutoCloseable {
    private final HttpServer server;

    FakeJobManager(int total, int available) throws IOException {
      server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
      byte[] body = ("{\"taskmanagers\": 1, \"slots-total\": " + total + ", \"slots-available\": " + available
          + "}").getBytes(StandardCharsets.UTF_8);
      server.createContext("/overview", exchange -> {
        exchange.sendResponseHeaders(200, body.length);
        try (OutputStream out = exchange.getResponseBody()) {
          out.write(body);
        }
      });
      server.start();
    }

    String master() {
      return "localhost:" + server.getAddress().getPort();
    }

    @Override
    public void close() {
      server.stop(0);
    }
  }

  /** A command holding only the mixin. */
  @Command(name = "host")
  static final class Host {
    @Mixin FlinkClusterOptions flink;
  }
}
