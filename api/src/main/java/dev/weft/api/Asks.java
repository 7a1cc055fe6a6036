package dev.weft.api;

import dev.weft.agents.author.AskResult;
import dev.weft.agents.author.AskSource;
import dev.weft.agents.author.AskTree;
import dev.weft.agents.author.AuthoredProgram;
import dev.weft.agents.author.LongHorizonAgent;
import dev.weft.agents.author.ModelAccount;
import dev.weft.agents.author.SourceSketch;
import dev.weft.agents.program.Plan;
import dev.weft.agents.program.RunResult;
import dev.weft.agents.recursive.Depth;
import dev.weft.context.IndexLocation;
import dev.weft.context.env.Environment;
import dev.weft.context.env.SlotEnvironment;
import dev.weft.context.jq.JqBounds;
import dev.weft.context.program.CancelSignal;
import dev.weft.context.program.Subcall;
import dev.weft.context.store.InMemoryStore;
import dev.weft.index.ChunkScan;
import dev.weft.transforms.dataset.DatasetRecord;
import dev.weft.transforms.dataset.DatasetRecords;
import dev.weft.transforms.dataset.RecordOutcome;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * Whole-corpus questions through the facade ({@link Weft#ask}, {@link Weft#authorProgram}): the long-horizon agent
 * over a program source, its program run by the runner the request names — in process as {@link Programs} runs a
 * program file, or on Beam as {@link BeamPrograms} does — so an authored program and a written one run alike.
 */
final class Asks {
  /** What an authored program is called in a refusal: it has no file. */
  static final Path AUTHORED = Path.of("<authored>");
  /** What a Beam runner needs of an authored program, told to the model before it writes one. */
  static final String BEAM_SHAPE = "This runner runs one shape only: chunk/grep steps first, the first reading "
      + "`input` and each the one before; then one map over the last of them (or over `input`); then "
      + "reduce/select/stat/peek; then answer. No slots.";

  private Asks() {}

  /**
   * In process the root runs through an {@link AskTree}: one budget for the whole tree, charged by every authoring
   * call and every map sub-call (so the spend counts the sub-calls' tokens too), and at depth 2 or 3 each root piece
   * a child agent over its own scope. On Beam the sub-calls run in the workers, where no account of this process
   * can settle them: the agent keeps its own account, charged by its authoring calls alone (docs/agents.md).
   */
  static AskOutcome ask(AskRequest request) throws InterruptedException {
    Depth depth = checkedDepth(request);
    FacadeSource source = FacadeSource.open(request);
    if (request.executor().isBeam()) {
      AskResult result = agent(request).run(request.question(), source, request.cancel());
      return new AskOutcome(result, source.last.orElseThrow(), Optional.empty());
    }
    AskTree tree = AskTree.of(request.models(), request.ask(), request.budget(), request.options());
    AskResult result = tree.root().run(request.question(), source, request.cancel());
    return new AskOutcome(result, source.last.orElseThrow(),
        depth.recursesAt(1) ? Optional.of(tree.tree().children()) : Optional.empty());
  }

  /** The root's program, as {@link #ask} would author it (a root program is the same at any depth). */
  static AuthoredProgram author(AskRequest request) {
    checkedDepth(request);
    return agent(request).author(request.question(), FacadeSource.open(request), request.cancel());
  }

  /** The tree's depth; a depth above 1 on a Beam runner refused here, before anything is read or asked. */
  private static Depth checkedDepth(AskRequest request) {
    Depth depth = Depth.resolve(request.ask().depth());
    depth.checkRunner(request.executor().id(), !request.executor().isBeam());
    return depth;
  }

  private static LongHorizonAgent agent(AskRequest request) {
    return LongHorizonAgent.routed(request.models(), ModelAccount.of(request.budget()), request.ask(),
        request.options());
  }

  /** A program source as the agent sees it, run by the request's runner; keeps the last run's report. */
  private static final class FacadeSource implements AskSource {
    private final ProgramRequest template;
    private final Optional<ProgramInputs.Loaded> loaded;
    /** In process, the run's environment, made up front so a recursive map can scope children in it. */
    private final Optional<Environment> env;
    private Optional<ProgramOutcome> last = Optional.empty();

    private FacadeSource(ProgramRequest template, Optional<ProgramInputs.Loaded> loaded) {
      this.template = template;
      this.loaded = loaded;
      this.env = loaded.map(l -> new SlotEnvironment(new InMemoryStore()));
    }

    @Override
    public Optional<Environment> environment() {
      return env;
    }

    /** Checks the request's runner and Beam options first: a refusal comes before any model call. */
    static FacadeSource open(AskRequest request) {
      ProgramRequest template = new ProgramRequest(AUTHORED, request.source(), request.executor(),
          request.options(), Programs.NO_MODEL, request.cancel(), request.progress(), request.beamWork(),
          request.beamArgs());
      if (request.executor().isBeam()) {
        BeamPrograms.checkSource(request.source());
        return new FacadeSource(template, Optional.empty());
      }
      return new FacadeSource(template, Optional.of(ProgramInputs.load(request.source())));
    }

    @Override
    public SourceSketch sketch() {
      SourceSketch.Builder sketch = new SourceSketch.Builder(kind(template.source()));
      if (loaded.isPresent()) {
        loaded.get().pieces().forEach(piece -> sketch.add(piece.address(), piece.text()));
        return sketch.build(loaded.get().slots().keySet().stream().sorted().toList());
      }
      stream(template.source(), sketch);
      return sketch.build(List.of()).withNote(BEAM_SHAPE);
    }

    @Override
    public boolean hasSlot(String name) {
      return loaded.map(l -> l.slots().containsKey(name)).orElse(false);
    }

    @Override
    public RunResult run(Plan plan, Subcall subcall, CancelSignal cancel) throws InterruptedException {
      ProgramRequest request = new ProgramRequest(template.program(), template.source(), template.executor(),
          template.options(), subcall, cancel, template.progress(), template.beamWork(), template.beamArgs());
      ProgramOutcome outcome = loaded.isPresent()
          ? Programs.runLoaded(plan, loaded.get(), request, env.orElseThrow(), JqBounds.DEFAULT)
          : BeamPrograms.run(request, plan);
      last = Optional.of(outcome);
      return outcome.result();
    }

    private static String kind(ProgramSource source) {
      return source instanceof ProgramSource.EnvDir ? "env (a directory: each file a piece and a slot)"
          : source instanceof ProgramSource.Index ? "index (each chunk a piece, addressed path#n)"
              : "dataset (each record a piece, addressed by its id)";
    }

    /**
     * A Beam source's sketch, read once in constant memory: the driver counts the pieces and keeps the first few,
     * in the order the in-process runner loads them, so both runners show the model the same samples.
     */
    private static void stream(ProgramSource source, SourceSketch.Builder sketch) {
      if (source instanceof ProgramSource.Dataset dataset) {
        Path path = dataset.path().toAbsolutePath().normalize();
        DatasetRecords.check(path);
        DatasetRecords.read(path, outcome -> {
          if (outcome instanceof RecordOutcome.Valid valid) {
            DatasetRecord record = valid.record();
            sketch.add(record.id(), record.body());
          }
        });
        return;
      }
      try (ChunkScan scan = ChunkScan.open(IndexLocation.of(source.path()))) {
        scan.forEach(entry -> sketch.add(entry.chunk().id(), entry.chunk().text()));
      }
    }
  }

}
