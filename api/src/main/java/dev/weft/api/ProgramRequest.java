package dev.weft.api;

import dev.weft.agents.program.MapProgress;
import dev.weft.agents.program.RunOptions;
import dev.weft.context.program.CancelSignal;
import dev.weft.context.program.Subcall;
import java.nio.file.Path;
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
 */
public record ProgramRequest(Path program, ProgramSource source, ProgramExecutor executor, RunOptions options,
    Subcall subcall, CancelSignal cancel, MapProgress.Listener progress, Optional<Path> beamWork) {
  public ProgramRequest {
    Objects.requireNonNull(program, "program");
    Objects.requireNonNull(source, "source");
    Objects.requireNonNull(executor, "executor");
    Objects.requireNonNull(options, "options");
    Objects.requireNonNull(subcall, "subcall");
    Objects.requireNonNull(cancel, "cancel");
    Objects.requireNonNull(progress, "progress");
    Objects.requireNonNull(beamWork, "beamWork");
  }

  /** In process, default bounds, never cancelled, no progress. */
  public static ProgramRequest inProcess(Path program, ProgramSource source, Subcall subcall) {
    return new ProgramRequest(program, source, ProgramExecutor.INPROCESS, RunOptions.defaults(), subcall,
        new CancelSignal(), MapProgress.Listener.none(), Optional.empty());
  }

  /** The same request on {@code executor}. */
  public ProgramRequest on(ProgramExecutor executor) {
    return new ProgramRequest(program, source, executor, options, subcall, cancel, progress, beamWork);
  }

  /** The same request keeping a Beam run's results under {@code dir}. */
  public ProgramRequest withBeamWork(Path dir) {
    return new ProgramRequest(program, source, executor, options, subcall, cancel, progress, Optional.of(dir));
  }
}
