package dev.weft.jobs.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Bad options of `weft bench ledger` are refused by name before the work directory is created. */
class LedgerBenchCommandTest {
  @TempDir Path tmp;

  @Test
  void badOptionsAreBadUsageAndLeaveNothing() {
    Path work = tmp.resolve("work");

    CliRun steps = CliRun.of("bench", "ledger", "--steps", "0", "--work", work.toString());
    CliRun threads = CliRun.of("bench", "ledger", "--threads", "1,0", "--work", work.toString());
    CliRun sweeps = CliRun.of("bench", "ledger", "--sweeps", "0", "--work", work.toString());

    assertThat(steps.exit()).isEqualTo(2);
    assertThat(steps.err()).isEqualTo("weft: steps must be at least 1, got: 0\n");
    assertThat(threads.err()).isEqualTo("weft: threads must be at least 1, got: 0\n");
    assertThat(sweeps.err()).isEqualTo("weft: sweeps must be at least 1, got: 0\n");
    assertThat(work).doesNotExist();
  }
}
