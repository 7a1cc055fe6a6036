package dev.weft.jobs.view;

import dev.weft.context.graph.GraphNode;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The code graph's shapes: a node as {@code weft graph node --json} and graph_node print it, and impact's miss. */
public final class GraphView {
  private GraphView() {}

  /** The node as the JSON: lines 1-based, as every line a user sees (design.md). */
  public static Map<String, Object> node(GraphNode node) {
    Map<String, Object> map = new LinkedHashMap<>();
    map.put("id", node.id());
    map.put("kind", node.kind());
    map.put("format", node.format());
    map.put("git", node.git());
    List<Map<String, Object>> chunks = node.chunks().stream().map(chunk -> {
      Map<String, Object> c = new LinkedHashMap<>();
      c.put("symbol", chunk.symbol());
      c.put("nodeType", chunk.nodeType());
      c.put("startLine", chunk.startLine() + 1);
      c.put("endLine", chunk.endLine() + 1);
      return c;
    }).toList();
    map.put("chunks", chunks);
    map.put("edges", node.edges());
    return map;
  }

  /** The one line for a symbol no code chunk defines (the CLI's exit 1, the MCP tool's in-band error). */
  public static String notDefined(String symbol) {
    return symbol + " is not defined in the index (no code chunk declares it); check the spelling, or run weft index"
        + " if it was added since";
  }
}
