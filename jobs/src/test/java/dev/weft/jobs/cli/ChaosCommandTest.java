package dev.weft.jobs.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Bad options of `weft bench chaos` are refused before any child starts or any directory is written. */
class ChaosCommandTest {
  @TempDir Path tmp;

  @Test
  void badOptionsAreBadUsageAndLeaveNothing() throws IOException {
    Path work = tmp.resolve("work");

    CliRun cycles = CliRun.of("bench", "chaos", "--cycles", "0", "--work", work.toString());
    CliRun embedder = CliRun.of("bench", "chaos", "--embedder", "nope", "--work", work.toString());
    CliRun killRate = CliRun.of("bench", "chaos", "--kill-rate", "2", "--work", work.toString());
    CliRun deadline = CliRun.of("bench", "chaos", "--deadline", "0", "--work", work.toString());

    assertThat(cycles.exit()).isEqualTo(2);
    assertThat(cycles.err()).isEqualTo("weft: cycles must be at least 1, got: 0\n");
    assertThat(embedder.exit()).isEqualTo(2);
    assertThat(embedder.err()).startsWith("weft: unknown embedder 'nope'");
    assertThat(killRate.err()).isEqualTo("weft: kill-rate must be between 0 and 1, got: 2.0\n");
    assertThat(deadline.err()).isEqualTo("weft: deadline must be positive, got: PT0S\n");
    assertThat(work).doesNotExist();
  }

  @Test
  void aWorkDirectoryWithSomethingInItIsRefused() throws IOException {
    Path work = Files.createDirectories(tmp.resolve("work"));
    Files.writeString(work.resolve("notes.txt"), "mine");

    CliRun run = CliRun.of("bench", "chaos", "--work", work.toString());

    assertThat(run.exit()).isEqualTo(2);
    assertThat(run.err()).isEqualTo("weft: --work must be an empty or absent directory, got: " + work + "\n");
    assertThat(work.resolve("notes.txt")).hasContent("mine");
  }

  @Test
  void benchWithoutACorpusNamesBoth() {
    CliRun run = CliRun.of("bench");

    assertThat(run.exit()).isEqualTo(2);
    assertThat(run.err()).isEqualTo("weft: bench needs --corpus DIR (or --vectors INDEX for the vector figures only, "
        + "or a subcommand: weft bench chaos, weft bench ledger, weft bench program, weft bench impact, "
        + "weft bench graph)\n");
  }
}
