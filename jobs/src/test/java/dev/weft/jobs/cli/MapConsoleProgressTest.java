package dev.weft.jobs.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.agents.program.MapProgress;
import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;

class MapConsoleProgressTest {
  @Test
  void oneLineSaysDoneOfTotalFailuresInFlightRateAndEta() {
    assertThat(MapConsoleProgress.line(new MapProgress(10, 40, 2, 4, 2_000)))
        .isEqualTo("map 10/40  2 failed  4 in flight  5.0/s  ETA 6s");
    assertThat(MapConsoleProgress.line(new MapProgress(0, 40, 0, 4, 0))).endsWith("ETA ?");
    // a Flink run's total is unknown until its counters come back: no total, no ETA
    assertThat(MapConsoleProgress.line(new MapProgress(12, MapProgress.UNKNOWN_TOTAL, 0, 0, 2_000)))
        .isEqualTo("map 12/?  0 failed  0 in flight  6.0/s  ETA ?");
  }

  @Test
  void quietWhenNotATerminalOrAskedTo() {
    StringWriter err = new StringWriter();
    new MapConsoleProgress(new PrintWriter(err), true, false).onProgress(new MapProgress(40, 40, 0, 0, 10));
    new MapConsoleProgress(new PrintWriter(err), false, true).onProgress(new MapProgress(40, 40, 0, 0, 10));
    assertThat(err.toString()).isEmpty();

    MapConsoleProgress terminal = new MapConsoleProgress(new PrintWriter(err), true, true);
    terminal.onProgress(new MapProgress(40, 40, 0, 0, 1_000));
    terminal.finished();
    assertThat(err.toString()).isEqualTo("\rmap 40/40  0 failed  0 in flight  40.0/s  ETA 0s" + System.lineSeparator());
  }
}
