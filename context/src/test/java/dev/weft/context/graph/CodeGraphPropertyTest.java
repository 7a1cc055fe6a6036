package dev.weft.context.graph;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.weft.context.Kind;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

/** The graph's invariants on random import sets: counts equal one-hop sets, edges are symmetric, externals kept. */
class CodeGraphPropertyTest {
  @Property(tries = 200)
  void importCountsAreTheOneHopSetsAndEdgesAreSymmetric(@ForAll("graphs") List<GraphFile> files) {
    CodeGraph graph = CodeGraph.of(files);

    for (String x : graph.paths()) {
      NodeEdges edges = graph.edges(x);
      assertThat(edges.imports()).isEqualTo(graph.related(x, Direction.OUT, 1).items().size());
      assertThat(edges.importedBy()).isEqualTo(graph.related(x, Direction.IN, 1).items().size());
      Set<String> both = new HashSet<>(graph.imports(x));
      both.addAll(graph.importedBy(x));
      assertThat(graph.related(x, Direction.BOTH, 1).items()).hasSize(both.size());
      for (String y : graph.imports(x)) {
        assertThat(graph.importedBy(y)).contains(x);
      }
      assertThat(graph.imports(x)).doesNotContain(x);
      List<RelatedNode> three = graph.related(x, Direction.OUT, 3).items();
      assertThat(three).extracting(RelatedNode::id).doesNotHaveDuplicates().doesNotContain(x);
      assertThat(three).extracting(RelatedNode::hops).isSorted();
    }
  }

  @Test
  void anImportNothingProvidesIsExternalAndAnImplicitOneIsDropped() {
    GraphFile a = new GraphFile("a.ts", Kind.CODE, "typescript", new FileImports(List.of(), List.of(
        ImportRef.of("./b", List.of("path:b.ts")),
        ImportRef.of("react", List.of()),
        new ImportRef("Guess", List.of("java:Guess"), true))));
    GraphFile b = new GraphFile("b.ts", Kind.CODE, "typescript", FileImports.none());

    CodeGraph graph = CodeGraph.of(List.of(a, b));

    assertThat(graph.imports("a.ts")).containsExactly("b.ts");
    assertThat(graph.external("a.ts")).containsExactly("react");
    assertThat(graph.related("a.ts", Direction.OUT, 4).truncated()).isTrue();
    assertThat(graph.related("a.ts", Direction.OUT, 3).truncated()).isFalse();
    assertThatThrownBy(() -> graph.related("a.ts", Direction.OUT, 0))
        .hasMessage("hops must be at least 1, got: 0");
  }

  @Provide
  Arbitrary<List<GraphFile>> graphs() {
    return Arbitraries.integers().between(1, 12).flatMap(n ->
        Arbitraries.integers().between(0, n + 2).list().ofMaxSize(5).list().ofSize(n).map(lists -> {
          List<GraphFile> files = new ArrayList<>();
          for (int i = 0; i < n; i++) {
            List<ImportRef> refs = new ArrayList<>();
            for (int target : lists.get(i)) {
              // targets past n are files that do not exist: external names
              refs.add(ImportRef.of("./f" + target, List.of("path:f" + target + ".ts")));
            }
            files.add(new GraphFile("f" + i + ".ts", Kind.CODE, "typescript", new FileImports(List.of(), refs)));
          }
          return files;
        }));
  }
}
