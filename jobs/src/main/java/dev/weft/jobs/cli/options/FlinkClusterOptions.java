package dev.weft.jobs.cli.options;

import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;

/**
 * {@code --flink-master HOST:PORT} and {@code --parallelism N}: which Flink cluster a Beam run on the FlinkRunner is
 * submitted to, and with how many parallel subtasks. Declared once for every command that runs on Flink
 * ({@code weft index}, {@code weft program run}), so the flags have one spelling, one meaning and one help line.
 * Which runner they need is the facade's rule, checked where the run is built ({@code IngestRequest} for an index
 * run, {@code ProgramRequest} for a program run), so a library caller gets the same refusal as the CLI.
 */
public final class FlinkClusterOptions {
  @Option(names = "--flink-master", paramLabel = "HOST:PORT", description = "Flink master (default: [local]).")
  String master;

  @Option(names = "--parallelism", paramLabel = "N", description = "Beam/Flink parallelism.")
  Integer parallelism;

  /** The master given, or null when Flink runs in this process. */
  public String master() {
    return master;
  }

  /**
   * The parallelism given, or null for the runner's own.
   *
   * @throws IllegalArgumentException when it is below 1 (Flink would otherwise read 0 or -1 as "its default")
   */
  public Integer parallelism() {
    if (parallelism != null && parallelism < 1) {
      throw new IllegalArgumentException("--parallelism must be at least 1, got: " + parallelism);
    }
    return parallelism;
  }

  /** The Beam options these flags stand for: {@code --flinkMaster=HOST:PORT}, {@code --parallelism=N}, as given. */
  public List<String> beamArgs() {
    List<String> args = new ArrayList<>();
    if (master != null) {
      args.add("--flinkMaster=" + master);
    }
    Integer value = parallelism();
    if (value != null) {
      args.add("--parallelism=" + value);
    }
    return args;
  }
}
