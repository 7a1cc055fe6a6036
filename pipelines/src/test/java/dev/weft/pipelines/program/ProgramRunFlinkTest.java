package dev.weft.pipelines.program;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.transforms.beam.GatedSubcall;
import dev.weft.transforms.program.MapCalls;
import dev.weft.transforms.program.MapResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.beam.sdk.options.PipelineOptionsFactory;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The one Flink [local] run of a program (each costs ~10 s): the bound, and every lane on its own subtask. */
class ProgramRunFlinkTest {
  @TempDir Path work;

  @BeforeEach
  @AfterEach
  void reset() {
    GatedSubcall.reset();
  }

  @Test
  void neverMoreThanKInFlightAndEveryLaneOnItsOwnSubtask() throws Exception {
    int k = 4;
    // 8 records in each lane, so the lanes run in step and none waits out the gate alone at the end
    List<String> lines = new ArrayList<>();
    int[] perLane = new int[k];
    for (int i = 0; lines.size() < 8 * k; i++) {
      int lane = MapCalls.laneOf("r-" + i, k);
      if (perLane[lane] < 8) {
        perLane[lane]++;
        lines.add("{\"id\":\"r-" + i + "\",\"text\":\"record " + i + "\"}");
      }
    }
    Path dataset = Files.write(work.resolve("records.jsonl"), lines);
    ProgramRunOptions options = PipelineOptionsFactory.fromArgs("--runner=FlinkRunner", "--flinkMaster=[local]",
        "--source=" + dataset, "--sourceKind=dataset", "--results=" + work.resolve("results"),
        "--output=" + work.resolve("out"), "--maxConcurrentSubcalls=" + k).withValidation()
        .as(ProgramRunOptions.class);

    MapOutcome outcome = ProgramRunPipeline.run(options, PieceSteps.NONE,
        new ProgramRunPipeline.MapStep("i", "", 0), "fp-flink", new GatedSubcall(k),
        new ProgramRunPipelineTest.ByNumber());

    assertThat(GatedSubcall.MAX_IN_FLIGHT.get()).isBetween(1, k);
    assertThat(outcome.results()).hasSize(32).noneMatch(MapResult::failed);
    // each lane ran on one subtask and no two lanes shared one: FlinkLanes matches the runner's placement
    Map<String, Set<Integer>> lanesByThread = new HashMap<>();
    GatedSubcall.THREAD_OF.forEach((address, thread) ->
        lanesByThread.computeIfAbsent(thread, t -> new HashSet<>()).add(MapCalls.laneOf(address, k)));
    assertThat(lanesByThread).hasSize(k).allSatisfy((thread, lanes) -> assertThat(lanes).hasSize(1));
  }
}
