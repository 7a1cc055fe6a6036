package dev.weft.api;

import com.fasterxml.jackson.databind.JsonNode;
import dev.weft.agents.program.AddressOrder;
import dev.weft.agents.program.Piece;
import dev.weft.agents.program.PieceOps;
import dev.weft.agents.program.Plan;
import dev.weft.agents.program.ProgramRunner;
import dev.weft.agents.program.RunResult;
import dev.weft.agents.program.Step;
import dev.weft.context.env.SlotEnvironment;
import dev.weft.context.store.InMemoryStore;
import dev.weft.models.natives.NativeLibraries;
import dev.weft.pipelines.Runner;
import dev.weft.pipelines.program.beam.MapOutcome;
import dev.weft.pipelines.program.beam.PieceSteps;
import dev.weft.pipelines.program.beam.ProgramRunOptions;
import dev.weft.pipelines.program.beam.ProgramRunPipeline;
import dev.weft.transforms.program.MapResult;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apache.beam.sdk.options.PipelineOptionsFactory;
import org.apache.beam.sdk.values.KV;

/**
 * A compiled program on Beam ({@code --runner direct|flink}): the steps before the map run on the workers piece by
 * piece ({@link PieceOps}, as in process), the map is {@link ProgramRunPipeline} (K lanes, results kept by
 * (fingerprint, address) under the work directory, so a re-run asks only what is missing), and what follows the
 * map runs on the driver ({@link ProgramRunner#finish}). The Beam runner takes the shape {@code input → chunk/grep
 * … → map → reduce/select/stat/peek … → answer}; anything else is refused before it runs.
 */
final class BeamPrograms {
  private BeamPrograms() {}

  static ProgramOutcome run(ProgramRequest request, Plan plan) throws InterruptedException {
    ProgramSource source = request.source();
    checkSource(source);
    Step.Map map = checkShape(request, plan);
    Path work = request.beamWork().orElseGet(() -> defaultWork(source)).toAbsolutePath().normalize();
    List<String> args = pipelineArgs(request, work, plan.fingerprint());
    NativeLibraries.prepareSnappy();
    ProgramRunOptions options = PipelineOptionsFactory.fromArgs(args.toArray(String[]::new))
        .as(ProgramRunOptions.class);
    MapOutcome outcome = ProgramRunPipeline.run(options, new PlanSteps(plan.beforeMap()),
        new ProgramRunPipeline.MapStep(map.instruction(), map.outputSchema(), map.maxSubcalls()), plan.fingerprint(),
        request.subcall(), AddressOrder.INSTANCE, request.progress());
    List<JsonNode> results = outcome.results().stream().map(MapResult::asPieceResult).toList();
    RunResult result = new ProgramRunner(new SlotEnvironment(new InMemoryStore()), request.subcall(),
        request.options()).finish(plan, new ProgramRunner.MapResults(results, (int) outcome.calls(),
        (int) outcome.failed(), (int) outcome.notVisited(), 0), request.cancel());
    String slot = result.ok() ? writeAnswer(source, work, plan, result) : null;
    return new ProgramOutcome(result, request.executor(), source.path().toAbsolutePath().normalize().toString(),
        (int) outcome.items(), 0, outcome.deadLetters().size(), outcome.deadLetters().subList(0,
            Math.min(outcome.deadLetters().size(), ProgramOutcome.LISTED_DEAD_LETTERS)), Optional.ofNullable(slot));
  }

  /** The Beam runner reads an index or a dataset; a directory's files are slots, which only the in-process has. */
  static void checkSource(ProgramSource source) {
    if (source instanceof ProgramSource.EnvDir) {
      throw new IllegalArgumentException("--env runs in process only (its files are slots); use --runner inprocess,"
          + " or run the Beam runner over --index DIR or --dataset PATH");
    }
  }

  /**
   * The program pipeline's Beam argv: the request's source, results and bounds, then the runner's own arguments
   * and the request's Beam options ({@code --flinkMaster=HOST:PORT}, {@code --parallelism=N}) as given.
   */
  static List<String> pipelineArgs(ProgramRequest request, Path work, String fingerprint) {
    ProgramSource source = request.source();
    // URIs, as the options are typed (a path with a space or a '%' percent-encoded, not misread)
    List<String> args = new ArrayList<>(List.of("--source=" + source.path().toAbsolutePath().normalize().toUri(),
        "--sourceKind=" + (source instanceof ProgramSource.Index ? "index" : "dataset"),
        "--results=" + work.resolve("store").toUri(),
        "--output=" + work.resolve("runs").resolve(fingerprint).toUri(),
        "--maxConcurrent=" + request.options().maxConcurrent(),
        "--maxSubcalls=" + request.options().maxSubcalls().orElse(0)));
    args.addAll(request.executor().beamArgs(request.beamArgs()));
    return args;
  }

  /**
   * Writes the answer to the ledger beside the source ({@code INDEX/ledger}, or {@code WORK/ledger} for a dataset)
   * as the environment slot {@code answer/FINGERPRINT}: one put, so one atomic commit of the store.
   */
  private static String writeAnswer(ProgramSource source, Path work, Plan plan, RunResult result) {
    StringBuilder answer = new StringBuilder(result.answerChars());
    while (answer.length() < result.answerChars()) {
      answer.append(result.readAnswer(answer.length(), RunResult.MAX_READ_CHARS));
    }
    String slot = "answer/" + plan.fingerprint();
    try (Weft weft = Weft.open(source instanceof ProgramSource.Index ? source.path() : work)) {
      weft.environment().put(slot, answer.toString());
    }
    return slot;
  }

  /** {@code INDEX/programs}, or {@code .weft-programs/FILE} beside a dataset: stable, so a re-run resumes. */
  static Path defaultWork(ProgramSource source) {
    Path path = source.path().toAbsolutePath().normalize();
    return source instanceof ProgramSource.Index ? path.resolve("programs")
        : path.resolveSibling(".weft-programs").resolve(path.getFileName().toString());
  }

  private static Step.Map checkShape(ProgramRequest request, Plan plan) {
    Step.Map map = plan.map().orElseThrow(() -> new IllegalArgumentException("the program " + request.program()
        + " has no map step, so there is nothing to fan out on Beam; use --runner inprocess"));
    String expected = Plan.INPUT;
    for (Step step : plan.beforeMap()) {
      if (!(step instanceof Step.Chunk || step instanceof Step.Grep) || !step.from().equals(expected)) {
        throw new IllegalArgumentException("the Beam runner runs input → chunk/grep … → map → …, but step "
            + step.index() + " (" + step.op() + ") of " + request.program() + " reads '" + step.from()
            + "'; use --runner inprocess, or begin the program with chunk/grep steps reading 'input' in turn");
      }
      expected = step.as();
    }
    if (!map.from().equals(expected)) {
      throw new IllegalArgumentException("the Beam runner maps the last chunk/grep step's pieces (or 'input'), but "
          + "the map (step " + map.index() + ") reads '" + map.from() + "'; use --runner inprocess");
    }
    return map;
  }

  /** The chunk/grep steps before the map, applied to one piece on a worker. */
  private record PlanSteps(List<Step> steps) implements PieceSteps {
    @Override
    public List<KV<String, String>> apply(String address, String text) {
      List<Piece> pieces = List.of(new Piece(address, text));
      for (Step step : steps) {
        List<Piece> next = new ArrayList<>();
        for (Piece piece : pieces) {
          next.addAll(PieceOps.apply(step, piece));
        }
        pieces = next;
      }
      return pieces.stream().map(p -> KV.of(p.address(), p.text())).toList();
    }
  }
}
