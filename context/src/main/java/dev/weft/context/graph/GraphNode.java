package dev.weft.context.graph;

import dev.weft.context.graph.git.GitActivity;

import dev.weft.context.Kind;
import java.util.List;

/**
 * One indexed file as a graph node.
 *
 * @param git its git activity, null when no {@link dev.weft.context.graph.git.GitActivityIndex} knows it
 */
public record GraphNode(String id, Kind kind, String format, GitActivity git, List<NodeChunk> chunks, NodeEdges edges) {
  public GraphNode {
    chunks = List.copyOf(chunks);
  }
}
