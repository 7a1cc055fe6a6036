package dev.weft.jobs;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.weft.api.Weft;
import dev.weft.context.IndexLocation;
import dev.weft.context.error.ExitStatus;
import dev.weft.context.jq.JqBounds;
import dev.weft.jobs.mcp.McpServer;
import dev.weft.jobs.mcp.McpTool;
import dev.weft.jobs.mcp.ToolResult;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code weft mcp}: Weft's operations as the tools of a stdio MCP server (docs/mcp.md), spawned by the client and
 * ending when the client closes its input. The protocol is {@link McpServer}'s; the tools are the CLI commands'
 * facade calls ({@link McpCorpusTools}, {@link McpMemoryTools}, {@link McpLedgerTools}); a tool's failure is the
 * line the CLI would print, in-band.
 */
@Command(name = "mcp", description = "Serve Weft's operations to an MCP client (Claude Desktop, an agent) over "
    + "stdio: newline-delimited JSON-RPC 2.0 on stdin/stdout, logs on stderr. The client starts it and it ends "
    + "when stdin closes. On initialize it indexes the corpus incrementally in the background, unless "
    + McpCommand.NO_BACKGROUND_INDEX + "=1.")
final class McpCommand implements Callable<Integer> {
  static final String NO_BACKGROUND_INDEX = "WEFT_MCP_NO_BACKGROUND_INDEX";
  static final String SHUTDOWN_WAIT = "WEFT_MCP_SHUTDOWN_WAIT_SECONDS";
  static final Duration DEFAULT_SHUTDOWN_WAIT = Duration.ofSeconds(10);
  static final McpServer.Info INFO = new McpServer.Info("weft", "0.1.0", "Weft indexes a corpus (code and docs) "
      + "and keeps a memory and a ledger beside it. recall returns pointers (path, 1-based lines, symbol); get "
      + "with that path and lines returns the exact chunk. recall with kind fact or episode searches the memory.");

  @Option(names = "--index", paramLabel = "DIR", description = "Index directory (default: $WEFT_INDEX, else "
      + "ROOT/.weft with --root, else the nearest .weft upward).")
  Path index;

  @Option(names = "--root", paramLabel = "ROOT", description = "Repeatable. The first is the corpus the index tool "
      + "and the background index work on (default: the tree the served generation was built from); every path a "
      + "tool call names (root, dataset, env, index, work) must stay inside one of them, links followed.")
  List<Path> roots = new ArrayList<>();

  @Option(names = "--max-line-bytes", paramLabel = "N", defaultValue = "" + McpServer.Limits.DEFAULT_MAX_LINE_BYTES,
      description = "The longest message line the server reads, in bytes, at least 1024 (default: ${DEFAULT-VALUE}, "
          + "4 MiB); a longer one is answered with JSON-RPC error -32600 and never held in memory.")
  int maxLineBytes;

  @ArgGroup(exclusive = false, multiplicity = "0..1", heading = "The model program_run asks (needed for programs "
      + "that map; the key is sent to this endpoint only):%n")
  ModelOptions model;

  /**
   * What the command line sets beyond the index: the line cap and program_run's model; and the bounds of every jq
   * the tools evaluate (ledger_memory_recall's where, program_run's select and reduce), {@link JqBounds#DEFAULT}
   * in {@code weft mcp}: tests raise them so a query runs until it is cancelled.
   */
  record Settings(int maxLineBytes, Optional<McpProgramTools.Endpoint> endpoint, JqBounds jq) {
    static final Settings DEFAULT = new Settings(McpServer.Limits.DEFAULT_MAX_LINE_BYTES, Optional.empty());

    Settings {
      Objects.requireNonNull(endpoint, "endpoint");
      Objects.requireNonNull(jq, "jq");
    }

    Settings(int maxLineBytes, Optional<McpProgramTools.Endpoint> endpoint) {
      this(maxLineBytes, endpoint, JqBounds.DEFAULT);
    }
  }

  @Override
  public Integer call() throws IOException, InterruptedException {
    PrintStream protocol = System.out;
    // stdout carries protocol messages only: whatever else prints (a library, a stray println) goes to stderr
    System.setOut(System.err);
    PrintWriter err = new PrintWriter(System.err, true);
    try (Weft weft = Weft.open(!roots.isEmpty()
        ? IndexLocation.forWrite(index, roots.get(0).toAbsolutePath().normalize()) : IndexLocation.forRead(index))) {
      McpCorpus corpus = new McpCorpus(weft, roots);
      serve(weft, corpus, new McpBackgroundIndex(corpus::run, weft::index, err), System.getenv(), System.in,
          protocol, err, new Settings(maxLineBytes, McpProgramTools.Endpoint.of(model)));
    } finally {
      System.setOut(protocol);
    }
    return 0;
  }

  static void serve(Weft weft, McpCorpus corpus, McpBackgroundIndex background, Map<String, String> env,
      InputStream in, OutputStream out, PrintWriter err) throws IOException, InterruptedException {
    serve(weft, corpus, background, env, in, out, err, Settings.DEFAULT);
  }

  /**
   * Serves {@code in} until it ends; tool calls still running then get up to the shutdown wait to finish and be
   * answered, and so does a background run.
   */
  static void serve(Weft weft, McpCorpus corpus, McpBackgroundIndex background, Map<String, String> env,
      InputStream in, OutputStream out, PrintWriter err, Settings settings) throws IOException, InterruptedException {
    Duration shutdownWait = shutdownWait(env); // a bad value is refused before the client is answered
    McpServer.Limits limits = new McpServer.Limits(settings.maxLineBytes(), McpServer.Limits.DEFAULT.toolThreads(),
        shutdownWait);
    Runnable onInitialize = backgroundIndexOff(env)
        ? () -> err.println("weft mcp: no background index (" + NO_BACKGROUND_INDEX + " is set)")
        : background::start;
    new McpServer(INFO, tools(weft, corpus, settings), failure -> failure(failure, err), onInitialize,
        limits).serve(in, out);
    background.awaitAtShutdown(shutdownWait);
  }

  /** Every tool, in the order tools/list gives them. */
  static List<McpTool> tools(Weft weft, McpCorpus corpus, Settings settings) {
    List<McpTool> tools = new ArrayList<>(new McpCorpusTools(weft, corpus).tools());
    tools.addAll(new McpGraphTools(weft).tools());
    tools.addAll(new McpMemoryTools(weft).tools());
    tools.addAll(new McpLedgerTools(weft, settings.jq()).tools());
    tools.addAll(new McpProgramTools(weft, corpus, settings).tools());
    return tools;
  }

  /** What a tool threw, as the CLI's one line; the stack of a defect goes to stderr, the server's log. */
  static ToolResult failure(Throwable failure, PrintWriter err) {
    Failures.Classified classified = Failures.classify(failure);
    if (classified.status() == ExitStatus.INTERNAL) {
      failure.printStackTrace(err);
      // the CLI's way out (--verbose) does not apply: the stack is already in the server's log
      classified = new Failures.Classified(ExitStatus.INTERNAL, "internal error: " + failure
          + "; the stack is on the MCP server's stderr (the client's server log): report it");
    }
    ObjectNode about = Json.object().put("status", classified.status().name().toLowerCase(Locale.ROOT))
        .put("exitCode", classified.status().code()).put("message", classified.line());
    return ToolResult.error("weft: " + TsvFields.printable(classified.line()), about);
  }

  static boolean backgroundIndexOff(Map<String, String> env) {
    String value = env.get(NO_BACKGROUND_INDEX);
    return value != null && !value.isBlank() && !value.equals("0") && !value.equalsIgnoreCase("false");
  }

  static Duration shutdownWait(Map<String, String> env) {
    String value = env.get(SHUTDOWN_WAIT);
    if (value == null || value.isBlank()) {
      return DEFAULT_SHUTDOWN_WAIT;
    }
    try {
      long seconds = Long.parseLong(value.trim());
      if (seconds >= 0) {
        return Duration.ofSeconds(seconds);
      }
    } catch (NumberFormatException e) {
      // refused below, by name
    }
    throw new IllegalArgumentException(SHUTDOWN_WAIT + " must be a whole number of seconds, at least 0, got: "
        + value);
  }
}
