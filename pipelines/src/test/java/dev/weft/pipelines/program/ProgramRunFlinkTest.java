package dev.weft.pipelines.program;

import dev.weft.pipelines.program.beam.FlinkLanes;
import java.time.Duration;
import java.util.List;

/**
 * The one Flink [local] run of a program against the stub chat server (each Flink run costs ~10 s): the stub's
 * most-in-flight is exactly K when every lane has a subtask of its own (FlinkLanes; 3 of 4 without it).
 */
class ProgramRunFlinkTest extends StubLanesCase {
  @Override
  List<String> runnerArgs() {
    return List.of("--runner=FlinkRunner", "--flinkMaster=[local]");
  }

  @Override
  Duration gate() {
    return Duration.ofSeconds(5);
  }
}
