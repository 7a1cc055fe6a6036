package dev.weft.pipelines.program;

import java.time.Duration;
import java.util.List;

/**
 * The Flink [local] runs of a program against the stub chat server (each Flink run costs ~10 s): the stub's
 * most-in-flight is exactly K at parallelism 1, 2 and K; at K every group has a subtask of its own (FlinkLanes;
 * 3 of 4 without it).
 */
class ProgramRunFlinkTest extends StubLanesCase {
  @Override
  List<String> runnerArgs(int parallelism) {
    return List.of("--runner=FlinkRunner", "--flinkMaster=[local]", "--parallelism=" + parallelism);
  }

  @Override
  Duration gate() {
    return Duration.ofSeconds(5);
  }
}
