package dev.weft.agents.author;

import dev.weft.agents.author.ProgramAuthor.Attempt;
import dev.weft.agents.author.ProgramAuthor.Refused;
import dev.weft.agents.model.ChatClient;
import dev.weft.agents.program.Compilation;
import dev.weft.agents.program.CompileError;
import dev.weft.agents.program.Plan;
import dev.weft.agents.program.ProgramCompiler;
import dev.weft.agents.program.RunOptions;
import dev.weft.agents.program.RunResult;
import dev.weft.agents.recursive.Level;
import dev.weft.agents.recursive.LevelResult;
import dev.weft.agents.recursive.RecursionTree;
import dev.weft.context.env.Environment;
import dev.weft.context.error.WeftException;
import dev.weft.context.program.CancelSignal;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.IntFunction;

/**
 * Answers a question over a whole source by having a model write the program that answers it: the model is asked
 * for a program as structured output under the program JSON Schema (the source described by its bounded {@link
 * SourceSketch}), the compiler checks it against the source's slots, a refusal goes back to the model once with the
 * compiler's coded, pointered errors ({@link ProgramNotAuthoredException} when the repair is refused too), and the
 * program runs through the {@link AskSource}, its map answered by {@link MapSubcalls} at the level's depth.
 *
 * <p>As a {@link Level} it is one level of a long-horizon tree over an environment: a failure is the level's
 * error value, never an exception out of a parent's map. Thread-safe when its account and sub-calls are (a parent's
 * map runs children concurrently).
 */
public final class LongHorizonAgent implements Level {
  /** The longest question: it goes into every authoring prompt. */
  public static final int MAX_QUESTION_CHARS = 4_000;

  private final IntFunction<ProgramAuthor> authors;
  private final ModelAccount account;
  private final MapSubcalls subcalls;
  private final AskOptions options;
  private final RunOptions levelRunOptions;

  /**
   * @param client the model that authors programs
   * @param account what every authoring call is charged to (a tree shares one)
   * @param subcalls what answers a level's map at its depth ({@link MapSubcalls#plain} for one chat model)
   * @param options the depth asked for
   * @param levelRunOptions how a level over an environment runs its program ({@link #run(int, Environment,
   *     String, CancelSignal)}); a source given to {@link #run(String, AskSource, CancelSignal)} has its own
   */
  public LongHorizonAgent(ChatClient client, ModelAccount account, MapSubcalls subcalls, AskOptions options,
      RunOptions levelRunOptions) {
    this(depth -> List.of(new ProgramAuthor.Model(client, OptionalInt.empty())), account, subcalls, options,
        levelRunOptions);
    Objects.requireNonNull(client, "client");
  }

  private LongHorizonAgent(IntFunction<List<ProgramAuthor.Model>> authors, ModelAccount account,
      MapSubcalls subcalls, AskOptions options, RunOptions levelRunOptions) {
    this.account = Objects.requireNonNull(account, "account");
    Map<Integer, ProgramAuthor> byDepth = new ConcurrentHashMap<>();
    this.authors = depth -> byDepth.computeIfAbsent(depth, d -> new ProgramAuthor(authors.apply(d), account, d));
    this.subcalls = Objects.requireNonNull(subcalls, "subcalls");
    this.options = Objects.requireNonNull(options, "options");
    this.levelRunOptions = Objects.requireNonNull(levelRunOptions, "levelRunOptions");
  }

  /**
   * An agent whose models a router chooses: {@code router.selectModel(AUTHOR, depth)} writes a level's program,
   * {@code router.selectModel(SUBCALL, depth)} answers its map (each list in fallback order; {@link ModelRouter}).
   * The authoring clients of a depth are made once.
   */
  public static LongHorizonAgent routed(ModelRouter router, ModelAccount account, AskOptions options,
      RunOptions levelRunOptions) {
    return routed(router, account, MapSubcalls.routed(router), options, levelRunOptions);
  }

  /**
   * As {@link #routed(ModelRouter, ModelAccount, AskOptions, RunOptions)}, the map's sub-calls given apart (a
   * recursive tree's: a child level below the cap, {@link MapSubcalls#routed} at it).
   */
  public static LongHorizonAgent routed(ModelRouter router, ModelAccount account, MapSubcalls subcalls,
      AskOptions options, RunOptions levelRunOptions) {
    Objects.requireNonNull(router, "router");
    return new LongHorizonAgent(depth -> ModelRouter.checked("author",
        router.selectModel(ModelPurpose.AUTHOR, depth)).stream()
        .map(c -> new ProgramAuthor.Model(new ChatClient(c.configured()), c.outputTokens())).toList(),
        account, subcalls, options, levelRunOptions);
  }

  public AskOptions options() {
    return options;
  }

  /**
   * Authors a program for {@code question} over {@code source} that compiles against its slots; runs nothing.
   *
   * @throws ProgramNotAuthoredException when the repair round's program is refused too
   * @throws WeftException when the account refuses a call ({@code STOPPED}) or the model failed for good
   *     ({@link dev.weft.agents.model.ChatException})
   */
  public AuthoredProgram author(String question, AskSource source, CancelSignal cancel) {
    return authorAt(1, question, source, cancel);
  }

  private AuthoredProgram authorAt(int depth, String question, AskSource source, CancelSignal cancel) {
    checkQuestion(question);
    ProgramAuthor author = authors.apply(depth);
    SourceSketch sketch = source.sketch();
    List<AskEvent> events = new ArrayList<>();
    Attempt first = author.ask(question, sketch, Optional.empty(), cancel);
    fellBack(first, events);
    boolean envelopes = RecursionTree.answersEnvelopes(depth);
    Compilation compiled = compile(first, source, envelopes);
    if (compiled.ok()) {
      Plan plan = compiled.planOrThrow();
      events.add(new AskEvent(AskEvent.Kind.AUTHORED, plan.fingerprint(), List.of(), describe(plan)));
      return new AuthoredProgram(first.text(), plan, events, first.calls());
    }
    List<CompileError> errors = compiled.errors();
    events.add(new AskEvent(AskEvent.Kind.AUTHORED, "", List.of(), "a program of " + first.text().length()
        + " characters"));
    events.add(new AskEvent(AskEvent.Kind.REFUSED, "", errors, errors.size() + " error"
        + (errors.size() == 1 ? "" : "s") + ", first " + errors.get(0)));
    List<CompileError> shown = errors.subList(0, Math.min(errors.size(), AskEvent.MAX_ERRORS));
    Attempt second = author.ask(question, sketch, Optional.of(new Refused(first.text(), shown)), cancel);
    fellBack(second, events);
    Compilation repaired = compile(second, source, envelopes);
    if (!repaired.ok()) {
      throw new ProgramNotAuthoredException(repaired.errors(), second.text());
    }
    Plan plan = repaired.planOrThrow();
    events.add(new AskEvent(AskEvent.Kind.REPAIRED, plan.fingerprint(), List.of(), describe(plan)));
    return new AuthoredProgram(second.text(), plan, events, first.calls() + second.calls());
  }

  private static void fellBack(Attempt attempt, List<AskEvent> events) {
    for (String failure : attempt.fallbacks()) {
      events.add(new AskEvent(AskEvent.Kind.FELL_BACK, "", List.of(), failure));
    }
  }

  /** {@link #run(String, AskSource, CancelSignal)}, never cancelled. */
  public AskResult run(String question, AskSource source) throws InterruptedException {
    return run(question, source, CancelSignal.none());
  }

  /**
   * Authors a program and runs it over {@code source} at the root (depth 1).
   *
   * @throws ProgramNotAuthoredException when no program compiled after the repair round (nothing ran)
   * @throws IllegalArgumentException when the runner cannot run the program, or a step cannot run on what it read
   * @throws InterruptedException when the calling thread is interrupted while the map runs
   */
  public AskResult run(String question, AskSource source, CancelSignal cancel) throws InterruptedException {
    return runAt(1, question, source, cancel);
  }

  /** One level over {@code env} at {@code depth}: its answer, or its failure as a value. */
  @Override
  public LevelResult run(int depth, Environment env, String question, CancelSignal cancel) {
    try {
      return LevelResult.ran(runAt(depth, question, new EnvironmentSource(env, levelRunOptions), cancel).run());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return LevelResult.failed("interrupted at depth " + depth + " before the level answered");
    } catch (WeftException | IllegalArgumentException e) {
      // a level's failure is a value in its parent's map result (docs/agents.md), its one line kept whole
      return LevelResult.failed(e.getMessage());
    }
  }

  private AskResult runAt(int depth, String question, AskSource source, CancelSignal cancel)
      throws InterruptedException {
    if (depth < 1) {
      throw new IllegalArgumentException("depth must be at least 1, got: " + depth);
    }
    return runAuthored(depth, authorAt(depth, question, source, cancel), question, source, cancel);
  }

  /** Runs a program already in hand (a stored one being reused) at {@code depth}. */
  AskResult runAuthored(int depth, AuthoredProgram program, String question, AskSource source, CancelSignal cancel)
      throws InterruptedException {
    RunResult run = source.run(program.plan(), subcalls.at(depth, source.environment(), this), cancel);
    List<AskEvent> events = new ArrayList<>(program.events());
    events.add(new AskEvent(AskEvent.Kind.RAN, program.fingerprint(), List.of(), (run.ok() ? "completed: "
        : "stopped: ") + run.subcalls() + " sub-calls, " + run.failed() + " failed, " + run.unvisited()
        + " pieces not visited, " + run.ms() + " ms"));
    return new AskResult(question, program, run, options, account.spent(), events);
  }

  /** With {@code envelopes} (a child level's program) the compiler holds the answer to envelopes: AI0208. */
  private static Compilation compile(Attempt attempt, AskSource source, boolean envelopes) {
    return attempt.document().map(doc -> ProgramCompiler.compile(doc, source::hasSlot, envelopes))
        .orElseGet(() -> ProgramCompiler.compileText(attempt.text(), source::hasSlot, envelopes));
  }

  private static String describe(Plan plan) {
    return "'" + plan.name() + "': " + plan.steps().size() + " steps ("
        + String.join(", ", plan.steps().stream().map(s -> s.op()).toList()) + ")";
  }

  private static void checkQuestion(String question) {
    Objects.requireNonNull(question, "question");
    if (question.isBlank() || question.length() > MAX_QUESTION_CHARS) {
      throw new IllegalArgumentException("the question must be 1 to " + MAX_QUESTION_CHARS + " characters and not "
          + "blank, got " + question.length() + " characters; ask one question");
    }
  }
}
