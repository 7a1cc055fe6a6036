package dev.weft.jobs.cli.options;

import dev.weft.agents.program.RunOptions;
import dev.weft.context.program.MaxConcurrent;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.OptionalInt;
import picocli.CommandLine.Option;

/**
 * How a program runs: {@code --runner}, {@code --work}, {@code --max-concurrent}, {@code --max-subcalls} and
 * {@code --deadline}, declared once for {@code weft program run} and {@code weft ask} (an authored program runs as a
 * written one does). The runner's spelling is read by the command ({@code ProgramForms.executor}).
 */
public final class ProgramRunnerOptions {
  @Option(names = "--runner", defaultValue = "inprocess", paramLabel = "RUNNER",
      description = "inprocess, direct or flink (default: ${DEFAULT-VALUE}).")
  String runner;

  @Option(names = "--work", paramLabel = "DIR", description = "Beam runners: where results are kept by (program "
      + "fingerprint, piece address), so a re-run asks only what is missing (default: INDEX/programs, or "
      + ".weft-programs/FILE beside the dataset).")
  Path work;

  @Option(names = "--max-concurrent", paramLabel = "K", defaultValue = "" + MaxConcurrent.DEFAULT,
      description = "At most K sub-calls in flight, 1 to " + MaxConcurrent.MAX + " (default: "
          + "${DEFAULT-VALUE}).")
  int maxConcurrent;

  @Option(names = "--max-subcalls", paramLabel = "N", description = "At most N sub-calls: the first N pieces in "
      + "address order (replaces the map step's maxSubcalls).")
  Integer maxSubcalls;

  @Option(names = "--deadline", paramLabel = "DURATION", defaultValue = "PT1H",
      description = "The map's deadline, a duration: 30m, 1h, PT1H (default: ${DEFAULT-VALUE}); past it the run is cancelled.")
  Duration deadline;

  /** {@code --runner} as given ({@code inprocess}, {@code direct}, {@code flink}, any spelling the enum takes). */
  public String runner() {
    return runner;
  }

  /** The bounds: K in flight, the cap on sub-calls, the deadline (each checked by {@link RunOptions}). */
  public RunOptions runOptions() {
    return new RunOptions(maxConcurrent, maxSubcalls == null ? OptionalInt.empty() : OptionalInt.of(maxSubcalls),
        deadline);
  }

  /** {@code --work}, when given. */
  public Optional<Path> work() {
    return Optional.ofNullable(work);
  }
}
