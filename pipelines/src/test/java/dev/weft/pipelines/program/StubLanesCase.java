package dev.weft.pipelines.program;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.agents.model.ChatSubcall;
import dev.weft.agents.model.stub.StubChatServer;
import dev.weft.agents.model.stub.StubReply;
import dev.weft.agents.program.AddressOrder;
import dev.weft.models.http.EndpointConfig;
import dev.weft.pipelines.program.beam.MapOutcome;
import dev.weft.pipelines.program.beam.PieceSteps;
import dev.weft.pipelines.program.beam.ProgramRunOptions;
import dev.weft.pipelines.program.beam.ProgramRunPipeline;
import dev.weft.transforms.program.MapCalls;
import dev.weft.transforms.program.MapResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.apache.beam.sdk.options.PipelineOptionsFactory;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A program's map on a Beam runner against the stub chat server through ChatSubcall, one subclass per runner, at
 * parallelism 1, 2 and K. Every reply waits (bounded) until K calls are in flight at the stub, so the groups run in
 * step: the stub's most-in-flight counter is exactly K when the job keeps K in flight whatever its parallelism
 * (with one call per worker it would be the parallelism), and more than K only if the bound broke.
 */
abstract class StubLanesCase {
  static final int K = 4;
  private static final int PER_LANE = 6;

  @TempDir Path work;

  /** The runner's options at {@code parallelism}, e.g. {@code --runner=DirectRunner --targetParallelism=1}. */
  abstract List<String> runnerArgs(int parallelism);

  /** How long a reply waits for K in flight before it answers anyway. */
  abstract Duration gate();

  @ParameterizedTest(name = "parallelism {0}")
  @ValueSource(ints = {1, 2, K})
  void kCallsInFlightAtTheStubWhateverTheParallelismAndNeverMore(int parallelism) throws Exception {
    Path dataset = balancedDataset();
    List<String> args = new ArrayList<>(runnerArgs(parallelism));
    args.addAll(List.of("--source=" + dataset, "--sourceKind=dataset", "--results=" + work.resolve("results"),
        "--output=" + work.resolve("out"), "--maxConcurrent=" + K));
    ProgramRunOptions options = PipelineOptionsFactory.fromArgs(args.toArray(String[]::new)).withValidation()
        .as(ProgramRunOptions.class);

    MapOutcome outcome;
    int maxInFlight;
    try (StubChatServer stub = new StubChatServer()) {
      stub.replies(request -> {
        awaitInFlight(stub, gate());
        return StubReply.text("seen");
      });
      ChatSubcall subcall = new ChatSubcall(EndpointConfig.of(stub.baseUrl(), "stub-model")
          .withTimeout(Duration.ofSeconds(90)), false, ChatSubcall.noWait());
      outcome = ProgramRunPipeline.run(options, PieceSteps.NONE, new ProgramRunPipeline.MapStep("Say it.", "", 0),
          "fp-stub", subcall, AddressOrder.INSTANCE);
      maxInFlight = stub.maxInFlight();
    }

    assertThat(maxInFlight).isEqualTo(K);
    assertThat(outcome.results()).hasSize(K * PER_LANE).noneMatch(MapResult::failed);
    assertThat(outcome.calls()).isEqualTo(K * PER_LANE);
  }

  /**
   * Waits until K calls are in flight at the stub, but at most {@code gate} (then replies anyway): a lane that
   * starts late on a loaded machine delays the others, it does not fail them.
   */
  private static void awaitInFlight(StubChatServer stub, Duration gate) {
    long deadline = System.nanoTime() + gate.toNanos();
    while (stub.inFlight() < K && System.nanoTime() < deadline) {
      LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(1));
    }
  }

  /** {@value #PER_LANE} records in each lane, so the lanes run in step and none waits at the end alone. */
  private Path balancedDataset() throws Exception {
    List<String> lines = new ArrayList<>();
    int[] perLane = new int[K];
    for (int i = 0; lines.size() < PER_LANE * K; i++) {
      int lane = MapCalls.laneOf("r-" + i, K);
      if (perLane[lane] < PER_LANE) {
        perLane[lane]++;
        lines.add("{\"id\":\"r-" + i + "\",\"text\":\"record " + i + "\"}");
      }
    }
    return Files.write(work.resolve("records.jsonl"), lines);
  }
}
