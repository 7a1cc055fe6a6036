package dev.weft.jobs.mcp;

import static dev.weft.jobs.mcp.McpCorpusTools.tool;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.weft.agents.program.Compilation;
import dev.weft.agents.program.MapProgress;
import dev.weft.agents.program.RunOptions;
import dev.weft.agents.program.RunResult;
import dev.weft.api.ProgramOutcome;
import dev.weft.api.ProgramRequest;
import dev.weft.api.ProgramSource;
import dev.weft.api.Programs;
import dev.weft.api.Weft;
import dev.weft.context.error.StorageFailureException;
import dev.weft.context.program.MaxConcurrent;
import dev.weft.context.program.Subcall;
import dev.weft.jobs.report.ProgramRunReports;
import dev.weft.jobs.report.RunRecorder;
import dev.weft.jobs.run.ReportFile;
import dev.weft.jobs.view.Json;
import dev.weft.jobs.view.ProgramForms;
import dev.weft.jobs.view.ProgramView;
import dev.weft.models.http.SpecDurations;
import dev.weft.pipelines.Runner;
import dev.weft.pipelines.ingest.IngestProgress;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The program tools of {@code weft mcp}: program_compile (the plan or every coded error, as {@code weft program
 * compile --json} prints them; a refused program is an answer, not a tool failure, so the model fixes it) and
 * program_run ({@code weft program run}: the answer, the counts and the run report's path). A run keeps its program
 * and report under {@code INDEX/mcp-runs/}, so a user can read what an agent ran and re-run it from a shell.
 */
public final class McpProgramTools {
  /**
   * The chat model a run's map asks: the server's {@code --model}/{@code --base-url}, set by whoever starts the
   * server. A tool call may name another model at that endpoint, never another endpoint: the key of
   * {@code --api-key-env} is only ever sent where the server's owner said.
   */
  public record Endpoint(String baseUrl, String model, String apiKeyEnv, Duration callTimeout) {
    public Endpoint {
      Objects.requireNonNull(baseUrl, "baseUrl");
      Objects.requireNonNull(model, "model");
      Objects.requireNonNull(apiKeyEnv, "apiKeyEnv");
      Objects.requireNonNull(callTimeout, "callTimeout");
    }

    Subcall subcall(String otherModel) {
      return Programs.chatSubcall(baseUrl, otherModel != null ? otherModel : model, apiKeyEnv, callTimeout);
    }
  }

  private static final AtomicLong RUNS = new AtomicLong();

  /** Room left in a response line for the JSON-RPC envelope around a tool result (its id included). */
  static final int ENVELOPE_BYTES = 1024;

  private final Weft weft;
  private final McpCorpus corpus;
  private final Optional<Endpoint> endpoint;
  private final int maxLineBytes;
  private final Programs programs;

  McpProgramTools(Weft weft, McpCorpus corpus, WeftMcp.Settings settings) {
    this.weft = weft;
    this.corpus = corpus;
    this.endpoint = settings.endpoint();
    this.maxLineBytes = settings.maxLineBytes();
    this.programs = Weft.programs().withJqBounds(settings.jq());
  }

  List<McpTool> tools() {
    return List.of(
        tool("program_compile", "Compile a Weft program document (docs/programs.md): its plan (fingerprint, slots, "
            + "steps) or every error as {code, pointer, message}; nothing runs.", this::compile),
        tool("program_run", "Run a Weft program document over the chunks of this server's index (or index, dataset "
            + "or env), asking the server's chat model once per piece of its map, at most maxConcurrent at a time "
            + "and maxSubcalls in all. Returns the answer (a preview; a longer answer whole as answer.text and in the "
            + "file answer.file), the counts and the path of the run report. "
            + "Compile it first with program_compile.", this::run));
  }

  private ToolResult compile(Arguments args) {
    Compilation compilation = Weft.programs().compileDocument(args.json("program").toString());
    return ToolResult.of(Json.tree(compilation.ok() ? ProgramView.plan(compilation.planOrThrow())
        : ProgramView.errors(compilation.errors())));
  }

  private ToolResult run(Arguments args) {
    ProgramSource source = source(args);
    if (endpoint.isEmpty()) {
      refuseMapWithoutModel(args.json("program").toString());
    }
    RunOptions options = new RunOptions(
        args.integer("maxConcurrent") == null ? MaxConcurrent.DEFAULT : args.integer("maxConcurrent"),
        args.integer("maxSubcalls") == null ? OptionalInt.empty() : OptionalInt.of(args.integer("maxSubcalls")),
        duration(args.string("deadline")));
    Runner executor = ProgramForms.executor(args.string("runner") == null ? "inprocess"
        : args.string("runner"));
    Subcall subcall = endpoint.map(e -> e.subcall(args.string("model"))).orElse(Programs.NO_MODEL);
    Path dir = runDir();
    Path program = write(dir.resolve("program.json"), args.json("program").toPrettyString());
    ReportFile report = new ReportFile(dir.resolve("report.json"), "program");
    RunRecorder recorder = new RunRecorder(IngestProgress.NONE);
    ProgramOutcome outcome;
    try {
      outcome = programs.run(new ProgramRequest(program, source, executor, options, subcall, args.cancel(),
          ProgramRunReports.recording(recorder, MapProgress.Listener.none()),
          Optional.ofNullable(args.string("work")).map(work -> corpus.rootsAndIndex().resolve("work", work))));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("the program run " + program + " was interrupted (the server is stopping)");
    } catch (RuntimeException e) {
      report.failed(recorder, e);
      throw e;
    }
    String summary = ProgramView.summary(outcome);
    report.program(recorder, outcome, summary);
    RunResult result = outcome.result();
    // an answer past the preview is kept whole beside the report, as --answer-out keeps it for the CLI
    Optional<Path> answerFile = result.truncated()
        ? Optional.of(ProgramView.writeAnswer(result, dir.resolve("answer.txt"), "`weft mcp --index DIR`"))
        : Optional.empty();
    ObjectNode structured = Json.tree(ProgramView.report(outcome, answerFile));
    structured.put("summary", summary).put("report", dir.resolve("report.json").toString())
        .put("program", program.toString());
    // a run stopped by its deadline answers (its report says what was done), as an error the model notices
    ToolResult preview = new ToolResult(structured.toString(), structured, !result.ok());
    if (!result.truncated()) {
      return preview;
    }
    ObjectNode whole = structured.deepCopy();
    ((ObjectNode) whole.path("answer")).put("text", ProgramView.wholeAnswer(result));
    ToolResult withText = new ToolResult(whole.toString(), whole, !result.ok());
    // the client reads lines as long as the server does at most: a longer answer stays in answer.file alone
    return withText.encodedBytes() + ENVELOPE_BYTES <= maxLineBytes ? withText : preview;
  }

  /** The facade's refusal names the CLI's options; a model has to be told how the server gets one. */
  private static void refuseMapWithoutModel(String document) {
    Compilation compilation = Weft.programs().compileDocument(document);
    if (compilation.ok() && compilation.planOrThrow().map().isPresent()) {
      throw new IllegalArgumentException("program_run: the program maps over pieces with a model (step "
          + compilation.planOrThrow().map().get().index() + "), and this server has no model: start it with "
          + "`weft mcp --model M --base-url URL [--api-key-env VAR]`, or run a program without a map step");
    }
  }

  /**
   * At most one of index, dataset and env; none: this server's index. Each stays inside the server's roots (an
   * index may also be this server's own), so a prompt-injected model cannot have a program read /etc.
   */
  private ProgramSource source(Arguments args) {
    String index = args.string("index");
    String dataset = args.string("dataset");
    String env = args.string("env");
    int given = (index != null ? 1 : 0) + (dataset != null ? 1 : 0) + (env != null ? 1 : 0);
    if (given > 1) {
      throw new IllegalArgumentException("program_run takes at most one of index, dataset and env, got: index "
          + index + ", dataset " + dataset + ", env " + env);
    }
    return dataset != null ? new ProgramSource.Dataset(corpus.roots().resolve("dataset", dataset))
        : env != null ? new ProgramSource.EnvDir(corpus.roots().resolve("env", env))
        : new ProgramSource.Index(index != null ? corpus.rootsAndIndex().resolve("index",
            index) : weft.location().dir());
  }

  private static Duration duration(String deadline) {
    if (deadline == null) {
      return RunOptions.DEFAULT_DEADLINE;
    }
    return SpecDurations.parse("deadline", deadline);
  }

  /** {@code INDEX/mcp-runs/program-MILLIS-N}: one directory per run, never reused. */
  private Path runDir() {
    Path dir = weft.location().resolve("mcp-runs")
        .resolve("program-" + System.currentTimeMillis() + "-" + RUNS.incrementAndGet());
    try {
      return Files.createDirectories(dir);
    } catch (IOException e) {
      throw new StorageFailureException(dir, "cannot create the run directory " + dir + " for program_run; check "
          + "the index directory's permissions and free space", e);
    }
  }

  private static Path write(Path file, String text) {
    try {
      return Files.writeString(file, text);
    } catch (IOException e) {
      throw new StorageFailureException(file, "cannot write the program to " + file + "; check free space", e);
    }
  }
}
