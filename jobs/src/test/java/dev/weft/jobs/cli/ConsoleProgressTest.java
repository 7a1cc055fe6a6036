package dev.weft.jobs.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;

class ConsoleProgressTest {
  @Test
  void aSecondRunCountsItsOwnFilesAgainstItsOwnTotal() {
    StringWriter out = new StringWriter();
    ConsoleProgress progress = new ConsoleProgress(new PrintWriter(out), false);
    progress.started(3, "in-process (dataset)");
    for (int i = 0; i < 3; i++) {
      progress.fileDone(2);
    }
    progress.finished();

    progress.started(2, "in-process");
    progress.fileDone(5);
    progress.drawNow();

    String last = out.toString().lines().reduce((first, second) -> second).orElseThrow();
    assertThat(last).contains(" 1/2 files  5 chunks ");
  }
}
