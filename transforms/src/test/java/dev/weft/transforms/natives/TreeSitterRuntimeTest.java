package dev.weft.transforms.natives;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import dev.weft.context.Kind;
import dev.weft.context.SourceDocument;
import dev.weft.transforms.chunk.Chunkers;
import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The chunkers parse with the tree-sitter runtime and grammars the natives module compiles at -O2 (ingest.md,
 * "Tree-sitter natives"), not with the debug builds io.github.bonede ships: the library this process has mapped
 * under each name is byte for byte the one on the class path under {@code dev/weft/natives/tree-sitter/}, and that
 * one is the natives jar's alone.
 */
class TreeSitterRuntimeTest {
  @ParameterizedTest(name = "{0} through the {1} chunker")
  @CsvSource(delimiter = '|', value = {
      "tree-sitter            | go         | package a\\n\\nfunc f() {}\\n",
      "tree-sitter-python     | python     | def f():\\n    return 1\\n",
      "tree-sitter-java       | java       | class A {\\n  void f() {}\\n}\\n",
      "tree-sitter-javascript | javascript | function f() {}\\n",
      "tree-sitter-typescript | typescript | function f(): void {}\\n",
      "tree-sitter-go         | go         | package a\\n\\nfunc f() {}\\n"})
  void theChunkersLoadTheLibrariesBuiltHere(String library, String format, String source) throws Exception {
    assumeThat(System.getProperty("os.name")).as("the libraries are built on Linux only").containsIgnoringCase("linux");
    String platform = System.getProperty("os.arch").equals("aarch64") ? "aarch64-linux-gnu" : "x86_64-linux-gnu";
    String file = platform + "-" + library + ".so";
    URL built = getClass().getClassLoader().getResource("dev/weft/natives/tree-sitter/" + file);
    assertThat(built).as("%s, built by natives' build (build-tree-sitter.sh: is gcc installed?)", file).isNotNull();

    String text = source.replace("\\n", "\n");
    assertThat(Chunkers.forFormat(format).chunk(new SourceDocument("a", Kind.CODE, format, text, "h", 0, 0)))
        .as("chunks of %s", text).isNotEmpty();

    List<Path> mapped = mappedLibraries(file);
    assertThat(mapped).as("the %s libraries this process mapped", file).hasSize(1);
    try (InputStream in = built.openStream()) {
      assertThat(Files.readAllBytes(mapped.get(0))).as("%s, mapped from %s", file, mapped.get(0))
          .isEqualTo(in.readAllBytes());
    }
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource({"tree-sitter", "tree-sitter-python", "tree-sitter-java", "tree-sitter-javascript",
      "tree-sitter-typescript", "tree-sitter-go"})
  void eachLibraryIsOnTheClassPathOnceFromTheNativesModule(String library) throws Exception {
    assumeThat(System.getProperty("os.name")).as("the libraries are built on Linux only").containsIgnoringCase("linux");
    String platform = System.getProperty("os.arch").equals("aarch64") ? "aarch64-linux-gnu" : "x86_64-linux-gnu";
    String resource = "dev/weft/natives/tree-sitter/" + platform + "-" + library + ".so";
    // one copy, and not among transforms' own classes: a second (a transforms/target built before the natives
    // module existed: clean it) would be picked by class path order, not by which build is current
    List<URL> copies = Collections.list(getClass().getClassLoader().getResources(resource));
    assertThat(copies).as("copies of %s on the class path", resource).hasSize(1);
    String transformsClasses = Chunkers.class.getProtectionDomain().getCodeSource().getLocation().toString();
    assertThat(copies.get(0).toString()).as("where %s is served from", resource)
        .doesNotStartWith(transformsClasses)
        .doesNotStartWith("jar:" + transformsClasses)
        .containsAnyOf("/natives/target/classes/", "/weft-natives-");
  }

  /** The distinct files named {@code fileName} in this process's memory map. */
  private static List<Path> mappedLibraries(String fileName) throws IOException {
    return Files.readAllLines(Path.of("/proc/self/maps")).stream()
        .map(line -> line.split("\\s+", 6))
        .filter(fields -> fields.length == 6 && fields[5].endsWith("/" + fileName))
        .map(fields -> Path.of(fields[5]))
        .distinct()
        .toList();
  }
}
