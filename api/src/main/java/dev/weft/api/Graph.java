package dev.weft.api;

import dev.weft.context.generation.GenerationManifest;
import dev.weft.context.graph.CodeGraph;
import dev.weft.context.graph.Direction;
import dev.weft.context.graph.GraphFile;
import dev.weft.context.graph.GraphNode;
import dev.weft.context.graph.Related;
import dev.weft.context.graph.git.GitActivityIndex;
import dev.weft.index.CorpusSearcher;
import dev.weft.index.GraphReader;
import dev.weft.index.PathNotIndexedException;
import java.util.Objects;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * The code graph of the served generation (graph.md): {@link #node} and {@link #related}. The graph is resolved once
 * per generation and kept while that generation is open, so repeated reads cost a map lookup. Thread-safe.
 */
public final class Graph {
  private final Supplier<CorpusSearcher> searchers;
  private final Function<GenerationManifest, GitActivityIndex> git;

  /**
   * {@code git} answers a generation's git activity; it is asked only when a node is read (it reads the git log
   * once per HEAD), with the generation the node is read from.
   */
  Graph(Supplier<CorpusSearcher> searchers, Function<GenerationManifest, GitActivityIndex> git) {
    this.searchers = searchers;
    this.git = Objects.requireNonNull(git, "git");
  }

  /** The same graph with nodes' {@code git} field from {@code activity}. */
  public Graph withGit(GitActivityIndex activity) {
    Objects.requireNonNull(activity, "activity");
    return new Graph(searchers, generation -> activity);
  }

  /**
   * One file as a node: kind, format, git activity (null when unknown), its chunks and its exact edge counts.
   *
   * @throws PathNotIndexedException (nothing found) when the served generation does not hold the path
   */
  public GraphNode node(String path) {
    String id = normalise(path);
    try (CorpusSearcher searcher = searchers.get()) {
      CodeGraph graph = graphOf(searcher);
      GraphFile file = require(graph, id, searcher);
      return new GraphNode(id, file.kind(), file.format(), git.apply(searcher.generation()).activity(id).orElse(null),
          GraphReader.chunks(searcher, id), graph.edges(id));
    }
  }

  /**
   * The files within {@code hops} import edges of {@code path} ({@code hops} above {@link CodeGraph#MAX_HOPS} is
   * clamped and the answer says {@code truncated}).
   *
   * @throws IllegalArgumentException when hops is below 1
   * @throws PathNotIndexedException (nothing found) when the served generation does not hold the path
   */
  public Related related(String path, Direction direction, int hops) {
    String id = normalise(path);
    Objects.requireNonNull(direction, "direction");
    if (hops < 1) {
      throw new IllegalArgumentException("hops must be at least 1, got: " + hops);
    }
    try (CorpusSearcher searcher = searchers.get()) {
      CodeGraph graph = graphOf(searcher);
      require(graph, id, searcher);
      return graph.related(id, direction, hops);
    }
  }

  /** The resolved graph of the generation the searcher holds (read once per generation: {@link GraphReader}). */
  CodeGraph graphOf(CorpusSearcher searcher) {
    return GraphReader.read(searcher);
  }

  private static GraphFile require(CodeGraph graph, String id, CorpusSearcher searcher) {
    GraphFile file = graph.file(id);
    if (file == null) {
      throw new PathNotIndexedException(id, searcher.generation().generation());
    }
    return file;
  }

  /** Paths as the index holds them: corpus-relative with {@code /}; a leading {@code ./} is dropped. */
  private static String normalise(String path) {
    Objects.requireNonNull(path, "path");
    String id = path.replace('\\', '/');
    while (id.startsWith("./")) {
      id = id.substring(2);
    }
    if (id.isBlank()) {
      throw new IllegalArgumentException("path must be a corpus-relative file path, got: \"" + path + "\"");
    }
    return id;
  }
}
