package dev.weft.jobs.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code weft graph node|related} on the committed multi-language tree: golden TSV and JSON, and the refusals. */
public class GraphCliTest {
  public static final Path GRAPH = Path.of("../testdata/graph").toAbsolutePath().normalize();

  @TempDir static Path tmp;
  static String index;

  @BeforeAll
  static void indexTheGraphTree() throws IOException {
    Path root = GoldenCorpusTest.copy(GRAPH, tmp.resolve("tree"));
    index = tmp.resolve("index").toString();
    CliRun run = CliRun.of("index", root.toString(), "--index", index, "--quiet", "--runner", "inprocess");
    assertThat(run.exit()).as(run.err()).isZero();
  }

  @Test
  void nodePrintsCountsExternalsAndChunks() {
    CliRun run = CliRun.of("graph", "node", "ts/src/app.ts", "--index", index);

    assertThat(run.exit()).as(run.err()).isZero();
    assertThat(run.lines()).containsExactly(
        "id\tts/src/app.ts",
        "kind\tcode",
        "format\ttypescript",
        "imports\t2",
        "imported_by\t1",
        "external\t./missing",
        "external\tfs",
        "external\treact",
        "chunk\t1-5\tpreamble\t",
        "chunk\t7-9\tfunction\tapp");
  }

  @Test
  void nodeJsonIsTheLibrarysNodeWithOneBasedLines() {
    CliRun run = CliRun.of("graph", "node", "./go/internal/cart/cart.go", "--index", index, "--json");

    assertThat(run.exit()).as(run.err()).isZero();
    assertThat(run.out().strip()).isEqualTo("{\"id\":\"go/internal/cart/cart.go\",\"kind\":\"code\",\"format\":\"go\","
        + "\"git\":null,\"chunks\":[{\"symbol\":null,\"nodeType\":\"preamble\",\"startLine\":1,\"endLine\":3},"
        + "{\"symbol\":\"Total\",\"nodeType\":\"function\",\"startLine\":5,\"endLine\":8}],"
        + "\"edges\":{\"imports\":1,\"importedBy\":1,\"external\":[]}}");
  }

  @Test
  void relatedListsNearestFirstAndSaysWhenItClamped() {
    CliRun run = CliRun.of("graph", "related", "ts/src/lib/greet.ts", "--index", index, "--dir", "in", "--hops", "2");
    assertThat(run.exit()).as(run.err()).isZero();
    assertThat(run.lines()).containsExactly(
        "1\tin\tcode\ttypescript\tts/src/app.ts",
        "1\tin\tcode\ttypescript\tts/src/lib/b.ts",
        "1\tin\tcode\ttypescript\tts/src/lib/index.ts",
        "2\tin\tcode\tjavascript\tts/src/legacy.js");

    CliRun json = CliRun.of("graph", "related", "py/pkg/util.py", "--index", index, "--dir", "both", "--hops", "5",
        "--json");
    assertThat(json.exit()).as(json.err()).isZero();
    assertThat(json.out().strip()).isEqualTo("{\"items\":["
        + "{\"id\":\"py/pkg/core.py\",\"kind\":\"code\",\"format\":\"python\",\"hops\":1,\"via\":\"in\"},"
        + "{\"id\":\"py/pkg/models/__init__.py\",\"kind\":\"code\",\"format\":\"python\",\"hops\":1,\"via\":\"in\"},"
        + "{\"id\":\"py/main.py\",\"kind\":\"code\",\"format\":\"python\",\"hops\":2,\"via\":\"in\"},"
        + "{\"id\":\"py/pkg/models/user.py\",\"kind\":\"code\",\"format\":\"python\",\"hops\":2,\"via\":\"in\"}],"
        + "\"truncated\":true}");
  }

  @Test
  void refusalsAreOneLineWithTheirExitStatus() {
    CliRun missing = CliRun.of("graph", "node", "no/such.ts", "--index", index);
    assertThat(missing.exit()).isEqualTo(1);
    assertThat(missing.err().strip()).startsWith("weft: no such file in the index: no/such.ts").doesNotContain("\n");

    CliRun hops = CliRun.of("graph", "related", "ts/src/app.ts", "--index", index, "--hops", "0");
    assertThat(hops.exit()).isEqualTo(2);
    assertThat(hops.err().strip()).contains("hops must be at least 1, got: 0").doesNotContain("\n");

    CliRun dir = CliRun.of("graph", "related", "ts/src/app.ts", "--index", index, "--dir", "up");
    assertThat(dir.exit()).isEqualTo(2);
    assertThat(dir.err().strip()).contains("direction must be one of out, in, both; got: up");
  }
}
