package dev.weft.api;

import dev.weft.agents.program.Compilation;
import dev.weft.agents.program.Plan;
import dev.weft.agents.program.ProgramCompiler;
import dev.weft.agents.program.ProgramRefusedException;
import dev.weft.agents.program.ProgramRunner;
import dev.weft.agents.program.RunResult;
import dev.weft.agents.model.ChatSubcall;
import dev.weft.context.DeadLetter;
import dev.weft.context.UserFiles;
import dev.weft.context.env.Environment;
import dev.weft.context.jq.JqBounds;
import dev.weft.context.program.Subcall;
import dev.weft.context.program.SubcallException;
import dev.weft.models.http.EndpointConfig;
import dev.weft.pipelines.Runner;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * Programs through the facade ({@link Weft#programs()}): compile a program file, or run it over a directory, an
 * index or a dataset. A run compiles first, against the slots its source gives; a refused program throws {@link
 * ProgramRefusedException} before anything is written or any model called. docs/programs.md.
 */
public final class Programs {
  /** Largest program file, in bytes: 12 capped steps fit many times over. */
  public static final int MAX_PROGRAM_BYTES = 512 * 1024;

  /** The sub-call of a run given no model: a program with a map step is refused before it runs. */
  public static final Subcall NO_MODEL = (call, cancel) -> {
    throw new SubcallException(SubcallException.Reason.REFUSED, "no model configured");
  };

  private final Supplier<Environment> environments;
  private final JqBounds jqBounds;

  Programs(Supplier<Environment> environments) {
    this(environments, JqBounds.DEFAULT);
  }

  private Programs(Supplier<Environment> environments, JqBounds jqBounds) {
    this.environments = Objects.requireNonNull(environments, "environments");
    this.jqBounds = Objects.requireNonNull(jqBounds, "jqBounds");
  }

  /**
   * These programs with other bounds on their select's and reduce's jq ({@link JqBounds#DEFAULT} otherwise); the
   * deadline of each is always what is left of the run's.
   */
  public Programs withJqBounds(JqBounds bounds) {
    return new Programs(environments, bounds);
  }

  /** Compiles a program file without an environment (a name no step writes is taken to be a slot). */
  public Compilation compile(Path program) {
    return compileDocument(read(program));
  }

  /** Compiles a program document given as JSON text, as {@link #compile(Path)} does a file. */
  public Compilation compileDocument(String document) {
    return ProgramCompiler.compileText(document, name -> true);
  }

  /**
   * Runs a program: reads its source, compiles against the source's slots, runs it.
   *
   * @throws ProgramRefusedException when it does not compile (nothing ran)
   * @throws IllegalArgumentException for a bad source (not a directory, an unreadable dataset, too many pieces for
   *     an in-process run) or a step that cannot run on what it read
   * @throws InterruptedException when the calling thread is interrupted while the map runs
   */
  public ProgramOutcome run(ProgramRequest request) throws InterruptedException {
    String text = read(request.program());
    if (request.executor() != Runner.INPROCESS) {
      // On Beam the source is read by the workers, never here: a program there reads no slot.
      return BeamPrograms.run(request, compiled(request, text, name -> false));
    }
    ProgramInputs.Loaded loaded = ProgramInputs.load(request.source());
    return runLoaded(compiled(request, text, loaded.slots()::containsKey), loaded, request, environments.get(),
        jqBounds);
  }

  /**
   * Runs a compiled plan in process over a loaded source: its slots put into {@code env}, its pieces as
   * {@code input} (a program file's run, and an authored program's: {@link Asks}).
   */
  static ProgramOutcome runLoaded(Plan plan, ProgramInputs.Loaded loaded, ProgramRequest request, Environment env,
      JqBounds jqBounds) throws InterruptedException {
    loaded.slots().forEach(env::put);
    RunResult result = new ProgramRunner(env, request.subcall(), request.options(), jqBounds)
        .run(plan, loaded.pieces(), request.cancel(), request.progress());
    List<DeadLetter> dead = loaded.deadLetters();
    return new ProgramOutcome(result, request.executor(), loaded.source(), loaded.pieces().size(),
        loaded.slots().size(), dead.size(), dead.subList(0, Math.min(dead.size(), ProgramOutcome.LISTED_DEAD_LETTERS)),
        Optional.empty());
  }

  /** The plan, or the refusal: before anything is written or any model called. */
  private static Plan compiled(ProgramRequest request, String text, Predicate<String> slotExists) {
    Compilation compilation = ProgramCompiler.compileText(text, slotExists);
    if (!compilation.ok()) {
      throw new ProgramRefusedException(request.program().toString(), compilation.errors());
    }
    Plan plan = compilation.planOrThrow();
    if (plan.map().isPresent() && request.subcall() == NO_MODEL) {
      throw new IllegalArgumentException("the program " + request.program() + " maps over pieces with a model "
          + "(step " + plan.map().get().index() + "); pass --model M --base-url URL [--api-key-env VAR]");
    }
    return plan;
  }

  /**
   * A chat model as a program's sub-call (an OpenAI-compatible endpoint; the key is read from {@code apiKeyEnv}
   * when the first call is made, and never logged).
   */
  public static Subcall chatSubcall(String baseUrl, String model, String apiKeyEnv, Duration callTimeout) {
    return new ChatSubcall(EndpointConfig.of(baseUrl, model).withApiKeyEnv(apiKeyEnv).withTimeout(callTimeout));
  }

  /** The program's text, at most {@link #MAX_PROGRAM_BYTES}. */
  static String read(Path program) {
    Path file = program.toAbsolutePath().normalize();
    byte[] bytes = UserFiles.read(file, "the program", MAX_PROGRAM_BYTES,
        "pass a program JSON file (a program is a few steps of JSON: pass the program, not its data)");
    return new String(bytes, StandardCharsets.UTF_8);
  }
}
