package dev.weft.transforms.natives;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import dev.weft.context.Kind;
import dev.weft.context.SourceDocument;
import dev.weft.transforms.chunk.Chunkers;
import java.io.InputStream;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The chunkers parse with the tree-sitter runtime transforms' build compiles (ingest.md, "Tree-sitter natives"), not
 * with the debug build io.github.bonede ships: the library the natives cache points tree-sitter at is byte for byte
 * the one on the class path under {@code dev/weft/natives/tree-sitter/}.
 */
class TreeSitterRuntimeTest {
  @Test
  void theChunkersLoadTheRuntimeBuiltHere() throws Exception {
    assumeThat(System.getProperty("os.name")).as("the runtime is built on Linux only").containsIgnoringCase("linux");
    String platform = System.getProperty("os.arch").equals("aarch64") ? "aarch64-linux-gnu" : "x86_64-linux-gnu";
    URL built = getClass().getClassLoader().getResource("dev/weft/natives/tree-sitter/" + platform + "-tree-sitter.so");
    assertThat(built).as("the runtime transforms' build compiles (build-tree-sitter.sh: is gcc installed?)").isNotNull();

    Chunkers.forFormat("go").chunk(new SourceDocument("a.go", Kind.CODE, "go", "package a\n\nfunc f() {}\n", "h", 0, 0));

    Path loaded = Path.of(System.getProperty("tree-sitter-lib"), "lib", platform + "-tree-sitter.so");
    try (InputStream in = built.openStream()) {
      assertThat(Files.readAllBytes(loaded)).isEqualTo(in.readAllBytes());
    }
  }
}
