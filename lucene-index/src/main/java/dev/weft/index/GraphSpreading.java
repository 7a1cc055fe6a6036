package dev.weft.index;

import dev.weft.context.Hit;
import dev.weft.context.Kind;
import dev.weft.context.RecallRequest;
import dev.weft.context.graph.CodeGraph;
import dev.weft.context.graph.SpreadingRecall;
import java.util.EnumMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Where recall applies {@link SpreadingRecall} (when the request asks for it) with the generation's code graph. */
final class GraphSpreading {
  private GraphSpreading() {}

  /** How many hits to rank before spreading: a deeper pool when spreading, so neighbours can count. */
  static int rankLimit(RecallRequest request) {
    int limit = request.effectiveLimit();
    return request.spread() > 0 ? Math.max(limit, SpreadingRecall.POOL) : limit;
  }

  /** Each kind's hits spread over the import graph and cut to the request's limit; as they were without spread. */
  static Map<Kind, List<Hit>> apply(CorpusSearcher searcher, RecallRequest request, Map<Kind, List<Hit>> groups) {
    if (request.spread() == 0) {
      return groups;
    }
    CodeGraph graph = GraphReader.read(searcher);
    Map<Kind, List<Hit>> spread = new EnumMap<>(Kind.class);
    groups.forEach((kind, hits) -> spread.put(kind, SpreadingRecall.apply(hits, request.spread(), path -> {
      Set<String> neighbours = new LinkedHashSet<>(graph.imports(path));
      neighbours.addAll(graph.importedBy(path));
      return neighbours;
    }, request.effectiveLimit())));
    return spread;
  }
}
