package dev.weft.api;

import dev.weft.agents.program.MapProgress;
import dev.weft.agents.program.RunOptions;
import dev.weft.context.program.CancelSignal;
import dev.weft.context.program.Subcall;
import dev.weft.pipelines.Runner;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * One program run.
 *
 * @param program the program file (JSON)
 * @param source where {@code input}'s pieces (and, for a directory, the slots) come from
 * @param executor the runner
 * @param options bounds: sub-calls in flight, the cap on sub-calls, the deadline
 * @param subcall what answers each map call (a chat model, or a fake in tests)
 * @param cancel cancels the run (the CLI cancels it on Ctrl-C)
 * @param progress the map's progress
 * @param beamWork where a Beam run keeps its results (by fingerprint and address, so a re-run resumes) and writes
 *     its results dataset; empty: {@code INDEX/programs}, or {@code .weft-programs/FILE} beside a dataset
 * @param beamArgs more Beam options for a Beam run, e.g. {@code --flinkMaster=HOST:PORT} (a session cluster
 *     instead of Flink in this process), {@code --parallelism=N}, {@code --filesToStage=JAR}; the options Weft sets
 *     itself (runner, source, results, output, bounds) are refused here
 */
public record ProgramRequest(Path program, ProgramSource source, Runner executor, RunOptions options,
    Subcall subcall, CancelSignal cancel, MapProgress.Listener progress, Optional<Path> beamWork,
    List<String> beamArgs) {
  /** Options a request may not set through {@code beamArgs}: the facade sets them from the request. */
  static final List<String> OWN_OPTIONS = List.of("runner", "source", "sourceKind", "results", "output",
      "maxConcurrent", "maxSubcalls");
  /** The FlinkRunner's options a request may set only on {@link Runner#FLINK}. */
  static final List<String> FLINK_OPTIONS = List.of("flinkMaster", "parallelism");

  public ProgramRequest(Path program, ProgramSource source, Runner executor, RunOptions options,
      Subcall subcall, CancelSignal cancel, MapProgress.Listener progress, Optional<Path> beamWork) {
    this(program, source, executor, options, subcall, cancel, progress, beamWork, List.of());
  }

  public ProgramRequest {
    Objects.requireNonNull(program, "program");
    Objects.requireNonNull(source, "source");
    Objects.requireNonNull(executor, "executor");
    Objects.requireNonNull(options, "options");
    Objects.requireNonNull(subcall, "subcall");
    Objects.requireNonNull(cancel, "cancel");
    Objects.requireNonNull(progress, "progress");
    Objects.requireNonNull(beamWork, "beamWork");
    beamArgs = List.copyOf(beamArgs);
    for (String arg : beamArgs) {
      String name = arg.startsWith("--") ? arg.substring(2).split("=", 2)[0] : "";
      if (name.isEmpty() || OWN_OPTIONS.contains(name)) {
        throw new IllegalArgumentException("a program run's Beam options must be --name=value other than "
            + OWN_OPTIONS.stream().map(o -> "--" + o).toList() + " (the run sets those), got: " + arg);
      }
    }
    requireRunnerTakes(executor, beamArgs);
  }

  /**
   * Beam options need a Beam runner, and the Flink cluster's ({@code --flinkMaster}, {@code --parallelism}) the
   * FlinkRunner: given to another runner they would be ignored, and a run the user meant for a cluster would run
   * here instead, so they are refused.
   */
  private static void requireRunnerTakes(Runner executor, List<String> beamArgs) {
    if (!executor.isBeam() && !beamArgs.isEmpty()) {
      throw new IllegalArgumentException("Beam options need runner direct or flink, got runner " + executor.id()
          + " with: " + String.join(" ", beamArgs) + " (pass --runner flink, or drop them)");
    }
    List<String> flinkOnly = beamArgs.stream()
        .filter(a -> FLINK_OPTIONS.contains(a.substring(2).split("=", 2)[0])).toList();
    if (executor != Runner.FLINK && !flinkOnly.isEmpty()) {
      throw new IllegalArgumentException("a Flink cluster's options need runner flink, got runner " + executor.id()
          + " with: " + String.join(" ", flinkOnly) + " (pass --runner flink, or drop them)");
    }
  }

  /** In process, default bounds, never cancelled, no progress. */
  public static ProgramRequest inProcess(Path program, ProgramSource source, Subcall subcall) {
    return new ProgramRequest(program, source, Runner.INPROCESS, RunOptions.defaults(), subcall,
        new CancelSignal(), MapProgress.Listener.none(), Optional.empty());
  }

  /** The same request on {@code executor}. */
  public ProgramRequest on(Runner executor) {
    return new ProgramRequest(program, source, executor, options, subcall, cancel, progress, beamWork, beamArgs);
  }

  /** The same request keeping a Beam run's results under {@code dir}. */
  public ProgramRequest withBeamWork(Path dir) {
    return new ProgramRequest(program, source, executor, options, subcall, cancel, progress, Optional.of(dir),
        beamArgs);
  }

  /** The same request with more Beam options ({@code --flinkMaster=HOST:PORT}, ...). */
  public ProgramRequest withBeamArgs(List<String> args) {
    return new ProgramRequest(program, source, executor, options, subcall, cancel, progress, beamWork, args);
  }
}
