package dev.weft.jobs.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Bad options of `weft bench program --beam` are refused by name before the work directory is created. */
class ProgramBenchCommandTest {
  @TempDir Path tmp;

  @Test
  void badOptionsAreBadUsageAndLeaveNothing() {
    Path work = tmp.resolve("work");

    CliRun items = CliRun.of("bench", "program", "--beam", "--items", "1", "--work", work.toString());
    CliRun runner = CliRun.of("bench", "program", "--beam", "--runners", "direct,spark", "--work", work.toString());
    CliRun k = CliRun.of("bench", "program", "--beam", "--k", "0", "--work", work.toString());

    assertThat(items.exit()).isEqualTo(2);
    assertThat(items.err()).isEqualTo("weft: items must be at least 2, got: 1\n");
    assertThat(runner.err()).isEqualTo("weft: runners must be direct or flink, got: spark\n");
    assertThat(k.err()).isEqualTo("weft: max-concurrent must be at least 1, got: 0\n");
    assertThat(work).doesNotExist();
  }

  @Test
  void aClusterNeedsBeamAndAParallelismNeedsACluster() {
    Path work = tmp.resolve("work");

    CliRun inProcess = CliRun.of("bench", "program", "--flink-master", "jm:8081", "--work", work.toString());
    CliRun noMaster = CliRun.of("bench", "program", "--beam", "--parallelism", "2", "--work", work.toString());

    assertThat(inProcess.exit()).isEqualTo(2);
    assertThat(inProcess.err()).isEqualTo("weft: --flink-master needs --beam (the in-process bench runs no cluster), "
        + "got: --flink-master jm:8081\n");
    assertThat(noMaster.exit()).isEqualTo(2);
    assertThat(noMaster.err()).isEqualTo("weft: --parallelism needs --flink-master HOST:PORT in weft bench program "
        + "(the runners of --runners take their own), got: --parallelism 2\n");
    assertThat(work).doesNotExist();
  }
}
