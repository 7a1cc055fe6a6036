package dev.weft.pipelines.ingest.beam;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.net.httpserver.HttpServer;
import dev.weft.context.error.ExitStatus;
import dev.weft.context.error.WeftException;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.apache.beam.runners.flink.FlinkPipelineOptions;
import org.apache.beam.sdk.options.PipelineOptions;
import org.apache.beam.sdk.options.PipelineOptionsFactory;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Sizing a job to a session cluster against a JobManager's {@code /overview} as a local HTTP server answers it:
 * the free slots when no parallelism is given (said in one line), BAD_INPUT when the cluster has fewer slots in
 * all, BUSY when they exist but are taken, IO_FAILURE naming the address when nothing answers; Flink in this
 * process and other runners are never asked.
 */
class FlinkSlotsTest {
  private HttpServer server;
  private final List<String> said = new ArrayList<>();

  @AfterEach
  void stop() {
    if (server != null) {
      server.stop(0);
    }
  }

  @Test
  void withNoParallelismTheJobTakesTheFreeSlotsAndSaysSo() throws IOException {
    String master = jobManager(4, 3);
    PipelineOptions options = flink(master);

    assertThat(FlinkSlots.fit(options, said::add)).isEqualTo(3);

    assertThat(options.as(FlinkPipelineOptions.class).getParallelism()).isEqualTo(3);
    assertThat(said).containsExactly("weft: the Flink cluster at " + master + " has 3 of 4 task slots free: "
        + "running with parallelism 3 (pass --parallelism N to choose)");
  }

  @Test
  void aParallelismTheClusterHasFreeIsKeptSilently() throws IOException {
    PipelineOptions options = flink(jobManager(4, 3), "--parallelism=2");

    assertThat(FlinkSlots.fit(options, said::add)).isEqualTo(2);
    assertThat(said).isEmpty();
  }

  @Test
  void moreSlotsThanTheClusterHasInAllIsBadInput() throws IOException {
    String master = jobManager(2, 2);

    assertThatThrownBy(() -> FlinkSlots.fit(flink(master, "--parallelism=3"), said::add))
        .isInstanceOfSatisfying(WeftException.class, e -> assertThat(e.status()).isEqualTo(ExitStatus.BAD_INPUT))
        .hasMessage("the job needs 3 task slots (--parallelism 3) but the Flink cluster at " + master + " has 2 in "
            + "all; pass --parallelism 2 or less, or add TaskManagers or slots");
  }

  @Test
  void slotsThatExistButAreTakenAreBusy() throws IOException {
    String master = jobManager(4, 1);

    assertThatThrownBy(() -> FlinkSlots.fit(flink(master, "--parallelism=3"), said::add))
        .isInstanceOfSatisfying(WeftException.class, e -> assertThat(e.status()).isEqualTo(ExitStatus.BUSY))
        .hasMessage("the job needs 3 task slots (--parallelism 3) but the Flink cluster at " + master + " has 1 of "
            + "4 free; retry when its running jobs finish, or pass --parallelism 1 or less");
  }

  @Test
  void noFreeSlotWithNoParallelismIsBusyAndSoIsNoTaskManagerYet() throws IOException {
    String busy = jobManager(2, 0);
    assertThatThrownBy(() -> FlinkSlots.fit(flink(busy), said::add))
        .isInstanceOfSatisfying(WeftException.class, e -> assertThat(e.status()).isEqualTo(ExitStatus.BUSY))
        .hasMessageStartingWith("the job needs 1 task slot (no --parallelism was given) but the Flink cluster at "
            + busy + " has 0 of 2 free");
    stop();
    String empty = jobManager(0, 0);
    assertThatThrownBy(() -> FlinkSlots.fit(flink(empty, "--parallelism=2"), said::add))
        .isInstanceOfSatisfying(WeftException.class, e -> assertThat(e.status()).isEqualTo(ExitStatus.BUSY))
        .hasMessage("the job needs 2 task slots (--parallelism 2) but the Flink cluster at " + empty + " has no "
            + "TaskManager registered; retry when one is, or start one");
  }

  @Test
  void aRestApiThatDoesNotAnswerIsAnIoFailureNamingTheAddress() throws IOException {
    int closed;
    try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      closed = socket.getLocalPort();
    }
    String master = "localhost:" + closed;

    assertThatThrownBy(() -> FlinkSlots.fit(flink(master, "--parallelism=2"), said::add))
        .isInstanceOfSatisfying(WeftException.class, e -> assertThat(e.status()).isEqualTo(ExitStatus.IO_FAILURE))
        .hasMessageStartingWith("cannot read the Flink cluster's task slots from http://" + master + "/overview: ")
        .hasMessageEndingWith("; start the cluster or fix --flink-master (HOST:PORT of its REST API, 8081 by "
            + "default)");
  }

  @Test
  void anAnswerWithoutSlotsIsNotAJobManager() throws IOException {
    String master = serve("{\"status\": \"ok\"}");

    assertThatThrownBy(() -> FlinkSlots.ask(master))
        .isInstanceOfSatisfying(WeftException.class, e -> assertThat(e.status()).isEqualTo(ExitStatus.IO_FAILURE))
        .hasMessageContaining("its answer has no slots-total and slots-available (is it a Flink JobManager?)");
  }

  @Test
  void flinkInThisProcessAndOtherRunnersAreNotAsked() {
    PipelineOptions local = flink("[local]");
    assertThat(FlinkSlots.fit(local, said::add)).isEqualTo(-1);
    assertThat(local.as(FlinkPipelineOptions.class).getParallelism()).isEqualTo(-1);
    assertThat(FlinkSlots.fit(PipelineOptionsFactory.fromArgs("--runner=DirectRunner").create(), said::add))
        .isEqualTo(-1);
    assertThat(said).isEmpty();
  }

  private static PipelineOptions flink(String master, String... more) {
    List<String> args = new ArrayList<>(List.of("--runner=FlinkRunner", "--flinkMaster=" + master));
    args.addAll(List.of(more));
    return PipelineOptionsFactory.fromArgs(args.toArray(String[]::new)).create();
  }

  /** A JobManager's REST API as far as {@code /overview} goes. */
  private String jobManager(int total, int available) throws IOException {
    return serve("{\"taskmanagers\": 1, \"slots-total\": " + total + ", \"slots-available\": " + available
        + ", \"jobs-running\": 0, \"flink-version\": \"1.19\"}");
  }

  private String serve(String overview) throws IOException {
    server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    server.createContext("/overview", exchange -> {
      byte[] body = overview.getBytes(StandardCharsets.UTF_8);
      exchange.getResponseHeaders().add("Content-Type", "application/json");
      exchange.sendResponseHeaders(200, body.length);
      try (OutputStream out = exchange.getResponseBody()) {
        out.write(body);
      }
    });
    server.start();
    return "localhost:" + server.getAddress().getPort();
  }
}
