package dev.weft.jobs.cli;

import dev.weft.api.Weft;
import dev.weft.context.graph.CodeGraph;
import dev.weft.context.graph.Direction;
import dev.weft.context.graph.GraphNode;
import dev.weft.context.graph.NodeChunk;
import dev.weft.context.graph.Related;
import dev.weft.context.graph.RelatedNode;
import dev.weft.jobs.cli.options.IndexOption;
import dev.weft.jobs.cli.options.JsonOption;
import dev.weft.jobs.view.GraphView;
import dev.weft.jobs.view.Json;
import dev.weft.jobs.view.TsvFields;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code weft graph node PATH} and {@code weft graph related PATH}: the code graph of the served generation. */
@Command(name = "graph", description = "The import graph of the served generation (docs/graph.md).",
    subcommands = {GraphCommand.NodeCommand.class, GraphCommand.RelatedCommand.class})
final class GraphCommand implements Runnable {
  @Spec CommandSpec spec;

  @Override
  public void run() {
    throw new CommandLine.ParameterException(spec.commandLine(), "a subcommand is required: node or related");
  }

  @Command(name = "node", description = "One file as a graph node: kind, format, chunks, edge counts, externals.")
  static final class NodeCommand implements Callable<Integer> {
    @Spec CommandSpec spec;
    @Mixin IndexOption indexOption;

    @Parameters(paramLabel = "PATH", description = "Corpus-relative path of an indexed file.")
    String path;

    @Mixin JsonOption json;

    @Override
    public Integer call() {
      try (Weft weft = Wefts.open(indexOption.forRead())) {
        GraphNode node = weft.graph().node(path);
        PrintWriter out = spec.commandLine().getOut();
        if (json.on()) {
          out.println(Json.write(GraphView.node(node)));
        } else {
          printNode(node, out);
        }
        return 0;
      }
    }
  }

  @Command(name = "related", description = "Files within N import edges of a file, nearest first.")
  static final class RelatedCommand implements Callable<Integer> {
    @Spec CommandSpec spec;
    @Mixin IndexOption indexOption;

    @Parameters(paramLabel = "PATH", description = "Corpus-relative path of an indexed file.")
    String path;

    @Option(names = "--dir", paramLabel = "out|in|both", defaultValue = "out",
        description = "Follow imports (out), importers (in) or both (default: ${DEFAULT-VALUE}).")
    String dir;

    @Option(names = "--hops", paramLabel = "N", defaultValue = "1",
        description = "Edges to follow, 1 to " + CodeGraph.MAX_HOPS + "; more is clamped (default: ${DEFAULT-VALUE}).")
    int hops;

    @Mixin JsonOption json;

    @Override
    public Integer call() {
      Direction direction = Direction.parse(dir);
      try (Weft weft = Wefts.open(indexOption.forRead())) {
        Related related = weft.graph().related(path, direction, hops);
        PrintWriter out = spec.commandLine().getOut();
        if (json.on()) {
          out.println(Json.write(related));
          return 0;
        }
        for (RelatedNode node : related.items()) {
          out.println(TsvFields.row(node.hops(), node.via(), node.kind().id(), node.format(), node.id()));
        }
        if (related.truncated()) {
          spec.commandLine().getErr().println("note: hops clamped to " + CodeGraph.MAX_HOPS + " (asked for " + hops
              + "); use --hops " + CodeGraph.MAX_HOPS + " or less");
        }
        return 0;
      }
    }
  }

  /** {@code name<TAB>value} lines like {@code weft stats}, then a {@code chunk} row per chunk (lines 1-based). */
  static void printNode(GraphNode node, PrintWriter out) {
    out.println(TsvFields.row("id", node.id()));
    out.println(TsvFields.row("kind", node.kind().id()));
    out.println(TsvFields.row("format", node.format()));
    if (node.git() != null) {
      out.println(TsvFields.row("git.commits", node.git().commits()));
      out.println(TsvFields.row("git.last_commit_time", node.git().lastCommitTime()));
      out.println(TsvFields.row("git.last_author", node.git().lastAuthor()));
    }
    out.println(TsvFields.row("imports", node.edges().imports()));
    out.println(TsvFields.row("imported_by", node.edges().importedBy()));
    for (String name : node.edges().external()) {
      out.println(TsvFields.row("external", name));
    }
    for (NodeChunk chunk : node.chunks()) {
      out.println(TsvFields.row("chunk", (chunk.startLine() + 1) + "-" + (chunk.endLine() + 1), chunk.nodeType(),
          chunk.symbol() == null ? "" : chunk.symbol()));
    }
  }

}
