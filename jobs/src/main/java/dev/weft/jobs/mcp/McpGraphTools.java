package dev.weft.jobs.mcp;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.weft.api.Weft;
import dev.weft.context.error.ExitStatus;
import dev.weft.context.error.WeftException;
import dev.weft.context.graph.Direction;
import dev.weft.context.graph.git.RecentActivity;
import dev.weft.jobs.view.GraphView;
import dev.weft.jobs.view.Json;
import java.util.List;

/**
 * The code-graph tools of {@code weft mcp}: graph_node, graph_related, impact and recent. Each makes the facade call
 * of its CLI command; the structured result is what the command's {@code --json} prints, as an object.
 */
final class McpGraphTools {
  private final Weft weft;

  McpGraphTools(Weft weft) {
    this.weft = weft;
  }

  List<McpTool> tools() {
    return List.of(
        McpCorpusTools.tool("graph_node", "One indexed file as a node of the import graph (weft graph node): kind, "
            + "format, git activity, its chunks (symbol, node type, 1-based lines) and edge counts: imports, "
            + "importedBy, and the external names it imports that no indexed file provides.", this::node),
        McpCorpusTools.tool("graph_related", "The files within 1 to 3 import edges of a file (weft graph related): "
            + "what it imports (dir out), what imports it (in) or both, nearest first, each with its hop count "
            + "and the direction that reached it; truncated is true when hops was clamped to 3.", this::related),
        McpCorpusTools.tool("impact", "If I change this symbol, what depends on it (weft impact): its definitions, "
            + "the chunks that call or name it (confirmed by the language's parser, or counted as mentions), "
            + "refCount, risk (low/medium/high), callees, complexity, and hedges on every uncertain verdict.",
            this::impact),
        McpCorpusTools.tool("recent", "The files edited in the indexed work tree and not yet committed, newest "
            + "first (weft recent): path, status (modified, added, deleted, renamed, untracked, conflicted) and "
            + "modification time. Not a ranking signal: what the developer is working on now.", this::recent));
  }

  private ToolResult node(Arguments args) {
    return ToolResult.of(Json.tree(GraphView.node(weft.graph().node(args.string("path")))));
  }

  private ToolResult related(Arguments args) {
    Direction direction = Direction.parse(args.string("dir") == null ? "out" : args.string("dir"));
    Integer hops = args.integer("hops");
    return ToolResult.of(Json.tree(weft.graph().related(args.string("path"), direction, hops == null ? 1 : hops)));
  }

  private ToolResult impact(Arguments args) {
    String symbol = args.string("symbol");
    return ToolResult.of(Json.tree(weft.impact(symbol).orElseThrow(() -> new WeftException(ExitStatus.NOTHING_FOUND,
        GraphView.notDefined(symbol)))));
  }

  /**
   * {@code {files: [...]}}, the CLI's JSON array as an object. No edited file is an empty list, as a recall without
   * hits is (the CLI's exit 1 says the same to a shell); no git at all is the CLI's line, as an error.
   */
  private ToolResult recent(Arguments args) {
    RecentActivity recent = weft.recentActivity();
    recent.unavailableReason().ifPresent(reason -> {
      throw new WeftException(ExitStatus.NOTHING_FOUND, reason);
    });
    ObjectNode out = Json.object();
    out.set("files", Json.node(recent.files()));
    return ToolResult.of(out);
  }
}
