package dev.weft.jobs.cli;

import dev.weft.context.IndexLocation;
import dev.weft.api.Weft;
import dev.weft.jobs.cli.options.ModelOptions;
import dev.weft.jobs.mcp.McpBackgroundIndex;
import dev.weft.jobs.mcp.McpCorpus;
import dev.weft.jobs.mcp.McpProgramTools;
import dev.weft.jobs.mcp.McpServer;
import dev.weft.jobs.mcp.WeftMcp;
import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code weft mcp}: Weft's operations as the tools of a stdio MCP server (docs/mcp.md), spawned by the client and
 * ending when the client closes its input: the flags, the facade it holds for its whole life, and
 * {@link WeftMcp#serve}, which has the tools (in {@code jobs.mcp}, beside the protocol, {@link McpServer}).
 */
@Command(name = "mcp", description = "Serve Weft's operations to an MCP client (Claude Desktop, an agent) over "
    + "stdio: newline-delimited JSON-RPC 2.0 on stdin/stdout, logs on stderr. The client starts it and it ends "
    + "when stdin closes. On initialize it indexes the corpus incrementally in the background, unless "
    + WeftMcp.NO_BACKGROUND_INDEX + "=1.")
final class McpCommand implements Callable<Integer> {
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

  @Override
  public Integer call() throws IOException, InterruptedException {
    PrintStream protocol = System.out;
    // stdout carries protocol messages only: whatever else prints (a library, a stray println) goes to stderr
    System.setOut(System.err);
    PrintWriter err = new PrintWriter(System.err, true);
    try (Weft weft = Weft.open(!roots.isEmpty()
        ? IndexLocation.forWrite(index, roots.get(0).toAbsolutePath().normalize()) : IndexLocation.forRead(index))) {
      McpCorpus corpus = new McpCorpus(weft, roots);
      WeftMcp.serve(weft, corpus, new McpBackgroundIndex(corpus::run, weft::index, err), System.getenv(), System.in,
          protocol, err, new WeftMcp.Settings(maxLineBytes, endpoint(model)));
    } finally {
      System.setOut(protocol);
    }
    return 0;
  }

  /** The chat model program_run asks, as the server's owner set it; empty without {@code --model}. */
  private static Optional<McpProgramTools.Endpoint> endpoint(ModelOptions model) {
    return model == null ? Optional.empty()
        : Optional.of(new McpProgramTools.Endpoint(model.baseUrl, model.model, model.apiKeyEnv, model.callTimeout));
  }
}
