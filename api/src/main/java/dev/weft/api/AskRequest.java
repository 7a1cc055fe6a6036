package dev.weft.api;

import dev.weft.agents.author.AskOptions;
import dev.weft.agents.author.ModelRouter;
import dev.weft.agents.loop.Budget;
import dev.weft.agents.program.MapProgress;
import dev.weft.agents.program.RunOptions;
import dev.weft.context.program.CancelSignal;
import dev.weft.models.http.EndpointConfig;
import dev.weft.pipelines.Runner;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * One whole-corpus question ({@link Weft#ask}): a model authors a program over the source, and it runs as a program
 * run does ({@link ProgramRequest}: the same source, runner, bounds, Beam work directory and Beam options).
 *
 * @param question what to ask (1 to 4,000 characters)
 * @param source where {@code input}'s pieces come from
 * @param executor the runner of the authored program
 * @param options the run's bounds: sub-calls in flight, the cap on sub-calls, the deadline
 * @param models which model authors a level's program and which answers its map, each with its fallbacks in order
 *     ({@link ModelRouter}; {@link #of} routes both to one endpoint)
 * @param ask the depth asked for (capped at {@link AskOptions#MAX_DEPTH}); above 1 each root piece is a child agent
 *     over its own scope, in process only (refused on Beam before any call)
 * @param budget what the authoring calls may spend at depth 1 (unbounded by default); at depth 2 or more the whole
 *     tree's one budget: every level's authoring calls and every sub-call, at most {@code options.maxConcurrent}
 *     model calls in flight in the tree
 * @param cancel cancels the run (the CLI cancels it on Ctrl-C)
 * @param progress the map's progress
 * @param beamWork a Beam run's work directory, as {@link ProgramRequest#beamWork}
 * @param beamArgs more Beam options, as {@link ProgramRequest#beamArgs} (refused on a runner that does not take them)
 */
public record AskRequest(String question, ProgramSource source, Runner executor, RunOptions options,
    ModelRouter models, AskOptions ask, Budget budget, CancelSignal cancel, MapProgress.Listener progress,
    Optional<Path> beamWork, List<String> beamArgs) {
  public AskRequest {
    Objects.requireNonNull(question, "question");
    Objects.requireNonNull(source, "source");
    Objects.requireNonNull(executor, "executor");
    Objects.requireNonNull(options, "options");
    Objects.requireNonNull(models, "models");
    Objects.requireNonNull(ask, "ask");
    Objects.requireNonNull(budget, "budget");
    Objects.requireNonNull(cancel, "cancel");
    Objects.requireNonNull(progress, "progress");
    Objects.requireNonNull(beamWork, "beamWork");
    beamArgs = List.copyOf(beamArgs);
  }

  /** One endpoint for authoring and the map; in process, default bounds, depth 1, no budget, not cancelled. */
  public static AskRequest of(String question, ProgramSource source, EndpointConfig model) {
    return of(question, source, ModelRouter.single(model));
  }

  /** As {@link #of(String, ProgramSource, EndpointConfig)} with the models a router chooses. */
  public static AskRequest of(String question, ProgramSource source, ModelRouter models) {
    return new AskRequest(question, source, Runner.INPROCESS, RunOptions.defaults(), models, AskOptions.defaults(),
        Budget.unbounded(), new CancelSignal(), MapProgress.Listener.none(), Optional.empty(), List.of());
  }

  /** The same question on {@code executor}. */
  public AskRequest on(Runner executor) {
    return new AskRequest(question, source, executor, options, models, ask, budget, cancel, progress, beamWork,
        beamArgs);
  }

  public AskRequest withOptions(RunOptions options) {
    return new AskRequest(question, source, executor, options, models, ask, budget, cancel, progress, beamWork,
        beamArgs);
  }

  public AskRequest withAsk(AskOptions ask) {
    return new AskRequest(question, source, executor, options, models, ask, budget, cancel, progress, beamWork,
        beamArgs);
  }

  public AskRequest withBudget(Budget budget) {
    return new AskRequest(question, source, executor, options, models, ask, budget, cancel, progress, beamWork,
        beamArgs);
  }

  public AskRequest withCancel(CancelSignal cancel, MapProgress.Listener progress) {
    return new AskRequest(question, source, executor, options, models, ask, budget, cancel, progress, beamWork,
        beamArgs);
  }

  public AskRequest withBeamWork(Path dir) {
    return new AskRequest(question, source, executor, options, models, ask, budget, cancel, progress,
        Optional.of(dir), beamArgs);
  }

  public AskRequest withBeamArgs(List<String> args) {
    return new AskRequest(question, source, executor, options, models, ask, budget, cancel, progress, beamWork,
        args);
  }
}
