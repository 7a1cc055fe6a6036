package dev.weft.jobs;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * The fat jar as shaded ({@code target/weft.jar}), read entry by entry. Run by jobs' {@code fat-jar} surefire
 * execution in {@code verify}, after the shade; the jar is named by the {@code weft.fatJar} property, so the default
 * test run (before {@code package}) skips it rather than read a stale jar.
 */
class FatJarIT {
  private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
  private static final String TREE_SITTER = "dev/weft/natives/tree-sitter/";
  /**
   * The size budget (docs/install.md, "The fat jar"): the jar a Flink CronJob uploads on every run and the tarball
   * carries. 342 MB (970 MB unpacked) with onnxruntime's debug symbols, 278 MB (647 MB unpacked) without; the budget
   * leaves room for a few MB of growth and fails on any new dependency of the size of those symbols.
   */
  static final long BUDGET_BYTES = 290_000_000L;
  static final long UNPACKED_BUDGET_BYTES = 680_000_000L;

  @Test
  void noClassCompiledFromASrcTestTreeShips() throws IOException {
    // a test jar on a compile-scope path (bench once had agents') would ship every test class of its module
    Set<String> testClasses = testTreeClasses();
    assertThat(testClasses).as("the test trees' classes").contains("dev/weft/jobs/FatJarIT");
    List<String> shipped = entries().keySet().stream()
        .filter(name -> name.endsWith(".class"))
        .filter(name -> testClasses.contains(topLevel(name)))
        .sorted()
        .toList();
    assertThat(shipped).as("classes of src/test trees in %s", jar()).isEmpty();
  }

  @Test
  void noDebugSymbolsShip() throws IOException {
    // onnxruntime's jar carries a Windows .pdb (305 MB unpacked) and macOS dSYM bundles; the shade filters them
    List<String> symbols = entries().keySet().stream()
        .filter(name -> name.endsWith(".pdb") || name.contains(".dSYM/"))
        .sorted()
        .toList();
    assertThat(symbols).as("debug symbols in %s", jar()).isEmpty();
  }

  @Test
  void theJarStaysWithinItsSizeBudget() throws IOException {
    long unpacked = entries().values().stream().mapToLong(Long::longValue).sum();
    assertThat(Files.size(jar())).as("bytes of %s", jar()).isLessThanOrEqualTo(BUDGET_BYTES);
    assertThat(unpacked).as("unpacked bytes of %s", jar()).isLessThanOrEqualTo(UNPACKED_BUDGET_BYTES);
  }

  @Test
  void theTreeSitterLibrariesNativesBuiltShip() throws IOException {
    // natives builds them into its jar; nothing is built without gcc (bonede's libraries are used then)
    Path built = ROOT.resolve("natives/target/classes").resolve(TREE_SITTER);
    Map<String, Long> expected;
    try (Stream<Path> libraries = Files.isDirectory(built) ? Files.list(built) : Stream.empty()) {
      expected = libraries.collect(Collectors.toMap(path -> TREE_SITTER + path.getFileName(), FatJarIT::size));
    }
    Map<String, Long> entries = entries();
    expected.forEach((name, size) -> assertThat(entries).as("%s in %s", name, jar()).containsEntry(name, size));
  }

  private static Path jar() {
    String jar = System.getProperty("weft.fatJar");
    Assumptions.assumeTrue(jar != null, "weft.fatJar is set by jobs' fat-jar execution, after the shade (mvn verify)");
    return Path.of(jar);
  }

  private static Map<String, Long> entries() throws IOException {
    try (ZipFile zip = new ZipFile(jar().toFile())) {
      return zip.stream().collect(Collectors.toMap(ZipEntry::getName, ZipEntry::getSize, (a, b) -> a));
    }
  }

  /** Every top-level type of every module's src/test/java, as a class file name without ".class". */
  private static Set<String> testTreeClasses() throws IOException {
    try (Stream<Path> modules = Files.list(ROOT)) {
      return modules.map(module -> module.resolve("src/test/java"))
          .filter(Files::isDirectory)
          .flatMap(tree -> javaFiles(tree).map(file -> tree.relativize(file).toString()))
          .map(name -> name.substring(0, name.length() - ".java".length()).replace('\\', '/'))
          .collect(Collectors.toSet());
    }
  }

  private static Stream<Path> javaFiles(Path tree) {
    try (Stream<Path> files = Files.walk(tree)) {
      return files.filter(file -> file.toString().endsWith(".java")).toList().stream();
    } catch (IOException e) {
      throw new IllegalStateException("cannot list " + tree + ": " + e.getMessage(), e);
    }
  }

  /** {@code a/B$C.class} → {@code a/B}: nested and anonymous classes belong to their file's top-level type. */
  private static String topLevel(String classFile) {
    String name = classFile.substring(0, classFile.length() - ".class".length());
    int nested = name.indexOf('$');
    return nested < 0 ? name : name.substring(0, nested);
  }

  private static long size(Path file) {
    try {
      return Files.size(file);
    } catch (IOException e) {
      throw new IllegalStateException("cannot stat " + file + ": " + e.getMessage(), e);
    }
  }
}
