package dev.weft.pipelines.program;

import java.time.Duration;
import java.util.List;

/** The stub-server program run on the DirectRunner (the Flink [local] twin is {@link ProgramRunFlinkTest}). */
class ProgramRunDirectStubTest extends StubLanesCase {
  @Override
  List<String> runnerArgs(int parallelism) {
    return List.of("--runner=DirectRunner", "--targetParallelism=" + parallelism);
  }

  @Override
  Duration gate() {
    return Duration.ofSeconds(2);
  }
}
