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

class ProgramBenchTest {
  @TempDir Path work;

  @Test
  void printsOneLinePerConcurrencyAndTheSpeedUpOverStubAndSimulatedCalls() throws Exception {
    for (ProgramBench.Transport transport : ProgramBench.Transport.values()) {
      StringWriter out = new StringWriter();
      int exit = new ProgramBench(new ProgramBench.Options(6, Duration.ofMillis(1), List.of(1, 3), 1, 1), transport)
          .run(work, new PrintWriter(out));

      assertThat(exit).isZero();
      String name = transport.name().toLowerCase(java.util.Locale.ROOT);
      assertThat(out.toString().lines()).hasSize(3);
      assertThat(out.toString()).contains("program-inprocess\t" + name + "\t6 calls\t1 ms latency\tk=1\tmap ")
          .contains("\tk=3\tmap ").contains("0 failed\tanswer 6").contains("program-speedup\tk=3 over k=1\t");
    }
  }

  @Test
  void optionsAreCheckedByName() {
    assertThatThrownBy(() -> new ProgramBench.Options(0, Duration.ofMillis(1), List.of(1), 1, 0))
        .hasMessage("calls must be at least 1, got: 0");
    assertThatThrownBy(() -> new ProgramBench.Options(1, Duration.ofMillis(1), List.of(1, 65), 1, 0))
        .hasMessage("concurrency must be at most 64, got: 65");
  }
}
