package dev.weft.pipelines.program;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.weft.agents.model.ChatSubcall;
import dev.weft.agents.model.stub.StubChatServer;
import dev.weft.agents.model.stub.StubReply;
import dev.weft.agents.model.stub.StubRequest;
import dev.weft.agents.program.AddressOrder;
import dev.weft.context.error.ExitStatus;
import dev.weft.context.error.WeftException;
import dev.weft.models.http.EndpointConfig;
import dev.weft.pipelines.cluster.FlinkSessionCluster;
import dev.weft.pipelines.program.beam.MapOutcome;
import dev.weft.pipelines.program.beam.PieceSteps;
import dev.weft.pipelines.program.beam.ProgramRunOptions;
import dev.weft.pipelines.program.beam.ProgramRunPipeline;
import dev.weft.transforms.program.MapCalls;
import dev.weft.transforms.program.MapResult;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.apache.beam.runners.flink.FlinkPipelineOptions;
import org.apache.beam.sdk.options.PipelineOptionsFactory;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A program's map on a real Flink session cluster of 2 task slots (a JobManager and one TaskManager of 2 slots, in
 * separate processes, started once for the class): with no {@code --parallelism} the job runs on the 2 free slots
 * and keeps K calls in flight at the stub, never more, for K = 4 and 8; a {@code --parallelism} the cluster cannot
 * give is refused before anything is submitted, in one line naming the slots. Every reply waits (bounded) until K
 * calls are in flight, so the most the stub sees is K exactly when the job keeps K in flight on 2 slots.
 */
class ProgramOnSessionClusterTest {
  private static final int SLOTS = 2;
  /** What a program job needs per slot it runs in (operations.md, "Network memory"; at 48 MB a slot it fails). */
  private static final int NETWORK_MB_PER_SLOT = 64;
  /** Pieces per group of the 2 groups: each group answers its share in whole waves. */
  private static final int PER_GROUP = 24;

  @TempDir static Path shared;
  @TempDir Path tmp;
  private static FlinkSessionCluster cluster;

  @BeforeAll
  static void startCluster() throws IOException {
    cluster = FlinkSessionCluster.start(shared.resolve("flink"), 1, SLOTS, NETWORK_MB_PER_SLOT * SLOTS,
        Duration.ofSeconds(180));
  }

  @AfterAll
  static void stopCluster() {
    if (cluster != null) {
      cluster.close();
    }
  }

  @ParameterizedTest(name = "K = {0}")
  @ValueSource(ints = {4, 8})
  void withNoParallelismTheJobRunsOnTheFreeSlotsWithKCallsInFlight(int k) throws Exception {
    List<String> texts = balancedTexts();
    ProgramRunOptions options = options(k, List.of());

    MapOutcome outcome;
    int maxInFlight;
    List<StubRequest> requests;
    try (StubChatServer stub = new StubChatServer()) {
      stub.recording(true).replies(request -> {
        awaitInFlight(stub, k);
        return StubReply.text("seen");
      });
      outcome = ProgramRunPipeline.run(options, PieceSteps.NONE, new ProgramRunPipeline.MapStep("Say it.", "", 0),
          "fp-cluster-" + k, subcall(stub), AddressOrder.INSTANCE);
      maxInFlight = stub.maxInFlight();
      requests = stub.requests();
    }

    assertThat(options.as(FlinkPipelineOptions.class).getParallelism()).as("the cluster's free slots")
        .isEqualTo(SLOTS);
    assertThat(maxInFlight).isEqualTo(k);
    assertThat(outcome.results()).hasSize(texts.size()).noneMatch(MapResult::failed);
    assertThat(outcome.calls()).isEqualTo(texts.size());
    Map<String, Long> asked = texts.stream().collect(Collectors.toMap(Function.identity(),
        text -> requests.stream().filter(r -> r.userMessage().contains(text)).count()));
    assertThat(asked).as("every piece asked once").allSatisfy((text, times) -> assertThat(times).isEqualTo(1));
  }

  @Test
  void aParallelismAboveTheClustersSlotsIsRefusedBeforeAnythingIsSubmitted() throws Exception {
    balancedTexts();
    int jobsBefore = cluster.rest("/jobs/overview").path("jobs").size();
    ProgramRunOptions options = options(4, List.of("--parallelism=3"));

    try (StubChatServer stub = new StubChatServer()) {
      assertThatThrownBy(() -> ProgramRunPipeline.run(options, PieceSteps.NONE,
          new ProgramRunPipeline.MapStep("Say it.", "", 0), "fp-refused", subcall(stub), AddressOrder.INSTANCE))
          .isInstanceOfSatisfying(WeftException.class,
              e -> assertThat(e.status()).isEqualTo(ExitStatus.BAD_INPUT))
          .hasMessage("the job needs 3 task slots (--parallelism 3) but the Flink cluster at " + cluster.master()
              + " has 2 in all; pass --parallelism 2 or less, or add TaskManagers or slots");
      assertThat(stub.calls()).isZero();
    }
    assertThat(cluster.rest("/jobs/overview").path("jobs").size()).as("nothing submitted").isEqualTo(jobsBefore);
  }

  private ProgramRunOptions options(int k, List<String> more) throws IOException {
    List<String> args = new ArrayList<>(List.of("--runner=FlinkRunner", "--flinkMaster=" + cluster.master(),
        "--filesToStage=" + FlinkSessionCluster.emptyJar(tmp), "--source=" + tmp.resolve("records.jsonl"),
        "--sourceKind=dataset", "--results=" + tmp.resolve("results").toUri(), "--output=" + tmp.resolve("out"),
        "--maxConcurrent=" + k));
    args.addAll(more);
    return PipelineOptionsFactory.fromArgs(args.toArray(String[]::new)).withValidation()
        .as(ProgramRunOptions.class);
  }

  private static ChatSubcall subcall(StubChatServer stub) {
    return new ChatSubcall(EndpointConfig.of(stub.baseUrl(), "stub-model").withTimeout(Duration.ofSeconds(90)),
        false, ChatSubcall.noWait());
  }

  /** Waits until K calls are in flight at the stub, at most 10 s (then replies anyway: a late group delays). */
  private static void awaitInFlight(StubChatServer stub, int k) {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    while (stub.inFlight() < k && System.nanoTime() < deadline) {
      LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(1));
    }
  }

  /** {@value #PER_GROUP} records in each of the 2 groups, so the groups run in step; returns their texts. */
  private List<String> balancedTexts() throws IOException {
    List<String> lines = new ArrayList<>();
    List<String> texts = new ArrayList<>();
    int[] perGroup = new int[SLOTS];
    for (int i = 0; texts.size() < PER_GROUP * SLOTS; i++) {
      int group = MapCalls.laneOf("r-" + i, SLOTS);
      if (perGroup[group] < PER_GROUP) {
        perGroup[group]++;
        String text = "<piece " + i + ">";
        texts.add(text);
        lines.add("{\"id\":\"r-" + i + "\",\"text\":\"" + text + "\"}");
      }
    }
    Files.write(tmp.resolve("records.jsonl"), lines);
    return texts;
  }
}
