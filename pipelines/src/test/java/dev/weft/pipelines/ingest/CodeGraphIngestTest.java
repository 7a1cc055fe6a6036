package dev.weft.pipelines.ingest;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.context.IndexLocation;
import dev.weft.context.graph.CodeGraph;
import dev.weft.context.graph.Direction;
import dev.weft.context.graph.RelatedNode;
import dev.weft.index.CorpusIndex;
import dev.weft.index.CorpusSearcher;
import dev.weft.index.GraphReader;
import dev.weft.pipelines.Runner;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The code graph written at ingest: golden edges for the committed multi-language tree (every resolution rule), and
 * edges that follow edits, additions, deletions and rollback exactly as the chunks do.
 */
class CodeGraphIngestTest {
  /** One line per edge ({@code A -> B}) and per external import ({@code A -x name}), sorted. */
  static final Path GOLDEN = Path.of("../testdata/graph-edges.txt").toAbsolutePath().normalize();

  @TempDir Path tmp;

  @Test
  void theFixtureTreeHasItsGoldenEdges() throws IOException {
    Path root = Corpora.copy(Corpora.GRAPH, tmp.resolve("tree"));
    Path index = tmp.resolve("index");
    index(root, index);

    List<String> edges = edges(index);

    assertThat(edges).isEqualTo(Files.readAllLines(GOLDEN));
  }

  @Test
  void everyNodesImportCountIsItsOneHopOutSet() {
    Path root = Corpora.copy(Corpora.GRAPH, tmp.resolve("tree"));
    Path index = tmp.resolve("index");
    index(root, index);
    CodeGraph graph = graph(index);

    List<String> paths = graph.paths();
    assertThat(paths).hasSize(20);
    for (String path : paths) {
      assertThat(graph.edges(path).imports()).as(path).isEqualTo(graph.related(path, Direction.OUT, 1).items().size());
      assertThat(graph.edges(path).importedBy()).as(path)
          .isEqualTo(graph.related(path, Direction.IN, 1).items().size());
    }
  }

  @Test
  void editsAdditionsDeletionsAndRollbackMoveTheEdgesWithTheChunks() throws IOException {
    Path root = Corpora.copy(Corpora.GRAPH, tmp.resolve("tree"));
    Path index = tmp.resolve("index");
    long first = index(root, index);
    String b = "ts/src/lib/b.ts";
    String c = "ts/src/lib/c.ts";

    // an edit: b.ts now imports ./c, which does not exist yet: an external name, never an invented edge
    Files.writeString(root.resolve(b), "import { c } from './c';\n\nexport const b = c;\n");
    index(root, index);
    assertThat(graph(index).imports(b)).isEmpty();
    assertThat(graph(index).external(b)).containsExactly("./c");

    // an addition alone resolves the earlier file's import: b.ts was not re-read
    Files.writeString(root.resolve(c), "export const c = 'c';\n");
    long third = index(root, index);
    assertThat(graph(index).imports(b)).containsExactly(c);
    assertThat(graph(index).importedBy(c)).containsExactly(b);
    assertThat(graph(index).external(b)).isEmpty();

    // a deletion takes the file's own edges and every edge to it
    Files.delete(root.resolve("ts/src/lib/greet.ts"));
    index(root, index);
    CodeGraph afterDelete = graph(index);
    assertThat(afterDelete.contains("ts/src/lib/greet.ts")).isFalse();
    assertThat(afterDelete.imports("ts/src/lib/index.ts")).containsExactly(b);
    assertThat(afterDelete.external("ts/src/lib/index.ts")).containsExactly("./greet");

    // rollback serves the generation's own edges again
    try (CorpusIndex corpus = CorpusIndex.openExisting(IndexLocation.of(index))) {
      corpus.rollback(third);
    }
    assertThat(graph(index).imports("ts/src/lib/index.ts")).containsExactly(b, "ts/src/lib/greet.ts");
    assertThat(graph(index).imports(b)).containsExactly(c);
    try (CorpusIndex corpus = CorpusIndex.openExisting(IndexLocation.of(index))) {
      corpus.rollback(first);
    }
    assertThat(graph(index).imports(b)).containsExactly("ts/src/lib/greet.ts");
    assertThat(graph(index).contains(c)).isFalse();
  }

  @Test
  void relatedFollowsHopsAndDirectionsAndSaysWhenItClamped() {
    Path root = Corpora.copy(Corpora.GRAPH, tmp.resolve("tree"));
    Path index = tmp.resolve("index");
    index(root, index);
    CodeGraph graph = graph(index);

    assertThat(render(graph.related("ts/src/legacy.js", Direction.OUT, 3).items())).containsExactly(
        "ts/src/app.ts 1 out", "ts/src/lib/greet.ts 2 out", "ts/src/lib/index.ts 2 out", "ts/src/lib/b.ts 3 out");
    assertThat(render(graph.related("ts/src/lib/greet.ts", Direction.IN, 2).items())).containsExactly(
        "ts/src/app.ts 1 in", "ts/src/lib/b.ts 1 in", "ts/src/lib/index.ts 1 in", "ts/src/legacy.js 2 in");
    assertThat(graph.related("ts/src/lib/greet.ts", Direction.IN, 2).truncated()).isFalse();
    assertThat(graph.related("ts/src/lib/greet.ts", Direction.BOTH, 9).truncated()).isTrue();
    assertThat(render(graph.related("go/internal/cart/cart.go", Direction.BOTH, 1).items())).containsExactly(
        "go/internal/money/money.go 1 out", "go/main.go 1 in");
  }

  private static List<String> render(List<RelatedNode> nodes) {
    return nodes.stream().map(n -> n.id() + " " + n.hops() + " " + n.via()).toList();
  }

  /** The golden form of a graph: every edge and every external import of every node. */
  static List<String> edges(Path index) {
    CodeGraph graph = graph(index);
    List<String> lines = new ArrayList<>();
    for (String path : graph.paths()) {
      graph.imports(path).forEach(target -> lines.add(path + " -> " + target));
      graph.external(path).forEach(name -> lines.add(path + " -x " + name));
    }
    return lines.stream().sorted().collect(Collectors.toList());
  }

  static CodeGraph graph(Path index) {
    try (CorpusIndex corpus = CorpusIndex.openExisting(IndexLocation.of(index));
            CorpusSearcher searcher = corpus.searcher()) {
      return GraphReader.read(searcher);
    }
  }

  private static long index(Path root, Path index) {
    IngestReport report = new Ingester().run(IngestRequest.directory(root,
        IndexLocation.of(index)).runner(Runner.INPROCESS)
        .build());
    assertThat(report.published()).isTrue();
    return report.generation();
  }
}
