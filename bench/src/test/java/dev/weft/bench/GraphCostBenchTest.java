package dev.weft.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class GraphCostBenchTest {
  static final Path GRAPH = Path.of("../testdata/graph").toAbsolutePath().normalize();

  @TempDir Path tmp;

  @Test
  void measuresTheEdgePassBesideTheChunkPassAndTheWholeIngest() throws Exception {
    StringWriter text = new StringWriter();

    int exit = new GraphCostBench(new GraphCostBench.Options(GRAPH, 1)).run(tmp.resolve("work"),
        new PrintWriter(text));

    assertThat(exit).isZero();
    assertThat(text.toString().lines()).hasSize(4)
        .anyMatch(line -> line.matches("graph-cost\t.*/testdata/graph\t\\d+ files\t\\d+ with an import extractor\t"
            + "[1-9]\\d* imports"))
        .anyMatch(line -> line.startsWith("chunk-pass\t"))
        .anyMatch(line -> line.matches("edge-pass\t\\d+ ms\tratio-to-chunk-pass \\d+\\.\\d{3}"))
        .anyMatch(line -> line.matches("ingest-inprocess\t\\d+ ms\tedge-pass-share \\d+\\.\\d{3}\t.*"));
  }

  @Test
  void aTreeWithNothingToIndexIsRefusedNamingIt() {
    assertThatThrownBy(() -> new GraphCostBench(new GraphCostBench.Options(tmp, 1)).run(tmp.resolve("work"),
        new PrintWriter(new StringWriter())))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("the corpus " + tmp + " has no file weft indexes");
  }
}
