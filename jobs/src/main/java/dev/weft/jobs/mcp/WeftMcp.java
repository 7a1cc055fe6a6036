package dev.weft.jobs.mcp;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.weft.api.Weft;
import dev.weft.context.IndexLocation;
import dev.weft.context.error.ExitStatus;
import dev.weft.context.jq.JqBounds;
import dev.weft.jobs.run.Failures;
import dev.weft.jobs.view.Json;
import dev.weft.jobs.view.TsvFields;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Weft's operations as the tools of an MCP server (docs/mcp.md): every tool in the order {@code tools/list} gives
 * them, the settings the command line hands them, and one client served until its input ends. The protocol is
 * {@link McpServer}'s; the tools are the facade calls the CLI commands make ({@link McpCorpusTools},
 * {@link McpMemoryTools}, {@link McpLedgerTools}, ...); a tool's failure is the line the CLI would print, in-band.
 * {@code weft mcp} ({@code jobs.cli.McpCommand}) parses its flags, opens the facade and calls {@link #serve}.
 */
public final class WeftMcp {
  public static final String NO_BACKGROUND_INDEX = "WEFT_MCP_NO_BACKGROUND_INDEX";
  public static final String SHUTDOWN_WAIT = "WEFT_MCP_SHUTDOWN_WAIT_SECONDS";
  static final Duration DEFAULT_SHUTDOWN_WAIT = Duration.ofSeconds(10);
  static final McpServer.Info INFO = new McpServer.Info("weft", "0.1.0", "Weft indexes a corpus (code and docs) "
      + "and keeps a memory and a ledger beside it. recall returns pointers (path, 1-based lines, symbol); get "
      + "with that path and lines returns the exact chunk. recall with kind fact or episode searches the memory.");

  private WeftMcp() {}

  /**
   * What the command line sets beyond the index: the line cap and program_run's model; and the bounds of every jq
   * the tools evaluate (ledger_memory_recall's where, program_run's select and reduce), {@link JqBounds#DEFAULT}
   * in {@code weft mcp}: tests raise them so a query runs until it is cancelled.
   */
  public record Settings(int maxLineBytes, Optional<McpProgramTools.Endpoint> endpoint, JqBounds jq) {
    public static final Settings DEFAULT = new Settings(McpServer.Limits.DEFAULT_MAX_LINE_BYTES, Optional.empty());

    public Settings {
      Objects.requireNonNull(endpoint, "endpoint");
      Objects.requireNonNull(jq, "jq");
    }

    public Settings(int maxLineBytes, Optional<McpProgramTools.Endpoint> endpoint) {
      this(maxLineBytes, endpoint, JqBounds.DEFAULT);
    }
  }

  static void serve(Weft weft, McpCorpus corpus, McpBackgroundIndex background, Map<String, String> env,
      InputStream in, OutputStream out, PrintWriter err) throws IOException, InterruptedException {
    serve(weft, corpus, background, env, in, out, err, Settings.DEFAULT);
  }

  /**
   * Serves {@code in} until it ends; tool calls still running then get up to the shutdown wait to finish and be
   * answered, and so does a background run.
   */
  public static void serve(Weft weft, McpCorpus corpus, McpBackgroundIndex background, Map<String, String> env,
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
    tools.addAll(new McpEnvTools(weft).tools());
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
