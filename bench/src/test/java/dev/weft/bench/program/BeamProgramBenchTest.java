package dev.weft.bench.program;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BeamProgramBenchTest {
  @TempDir Path work;

  @Test
  void reportsTheFullRunAndAReRunThatAsksOnlyWhatTheKilledRunLeftMissing() throws Exception {
    StringWriter text = new StringWriter();
    BeamProgramBench bench = new BeamProgramBench(
        new BeamProgramBench.Options(40, 4, Duration.ofMillis(5), List.of("direct")));

    int code = bench.run(work, new PrintWriter(text));

    assertThat(code).as(text.toString()).isZero();
    assertThat(text.toString())
        .contains("direct\tfull\tcalls 40\t")
        .containsPattern("direct\tkilled at call 21\tstored (\\d+)\tre-run calls (\\d+) \\(missing \\2\\)");
  }

  @Test
  void refusesClusterOptionsThatNameNoMaster() {
    assertThatThrownBy(() -> new BeamProgramBench.Options(10, 2, Duration.ofMillis(5), List.of("flink"),
        List.of("--parallelism=2")))
        .hasMessage("a session cluster's options must name --flinkMaster=HOST:PORT, got: [--parallelism=2]");
  }

  @Test
  void refusesAnUnknownRunnerByName() {
    assertThatThrownBy(() -> new BeamProgramBench.Options(10, 2, Duration.ofMillis(5), List.of("spark")))
        .hasMessage("runners must be direct or flink, got: spark");
  }
}
