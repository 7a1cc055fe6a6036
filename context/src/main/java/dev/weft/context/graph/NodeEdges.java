package dev.weft.context.graph;

import java.util.List;

/**
 * A node's edge counts, exact for the generation read.
 *
 * @param imports indexed files this file imports (= {@code related(path, out, 1).items().size()})
 * @param importedBy indexed files importing this file
 * @param external imports that resolve to no indexed file, by the name the source gives (sorted, each once)
 */
public record NodeEdges(int imports, int importedBy, List<String> external) {
  public NodeEdges {
    external = List.copyOf(external);
  }
}
