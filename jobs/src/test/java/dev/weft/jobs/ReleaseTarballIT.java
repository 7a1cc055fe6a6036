package dev.weft.jobs;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.jobs.cli.GoldenCorpusTest;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The release tarball as a user installs it (docs/install.md): unpacked with {@code tar}, then {@code bin/weft index}
 * and {@code bin/weft recall} on a copy of the golden corpus with nothing on PATH but {@code java} and {@code bash}
 * (no mvn, no gcc). Run by jobs' {@code fat-jar} surefire execution in {@code verify}, after the package, which names
 * the tarball by the {@code weft.tarball} property; the default test run skips it.
 */
class ReleaseTarballIT {
  private static final long DEADLINE_SECONDS = 300;

  @TempDir Path tmp;

  @Test
  void unpackedWithOnlyAJreOnPathItIndexesAndRecalls() throws Exception {
    Path release = unpack();
    assertThat(release.resolve("bin/weft")).isExecutable();
    assertThat(release.resolve("lib/weft.jar")).isRegularFile();
    assertThat(release.resolve("lib/weft-client.jar")).isRegularFile();
    Path corpus = GoldenCorpusTest.copy(Path.of("../testdata/golden-corpus"), tmp.resolve("corpus"));

    Run index = weft(release, corpus, "index", corpus.toString());
    assertThat(index.exit()).as("weft index: %s", index.err()).isZero();
    // the first run made its class-data-sharing archive beside the jar (lib/ is the user's here)
    assertThat(release.resolve("lib/weft-index.jsa")).isRegularFile();

    Run recall = weft(release, corpus, "recall", "refill permits", "--kind", "code");
    assertThat(recall.exit()).as("weft recall: %s", recall.err()).isZero();
    assertThat(recall.out().lines().findFirst()).hasValueSatisfying(
        first -> assertThat(first).startsWith("src/main/java/com/acme/RateLimiter.java"));
  }

  private static Path tarball() {
    String tarball = System.getProperty("weft.tarball");
    Assumptions.assumeTrue(tarball != null, "weft.tarball is set by jobs' fat-jar execution, after the package");
    return Path.of(tarball);
  }

  private Path unpack() throws Exception {
    Path into = Files.createDirectories(tmp.resolve("opt"));
    Run tar = run(new ProcessBuilder("tar", "-xzf", tarball().toString(), "-C", into.toString()));
    assertThat(tar.exit()).as("tar: %s", tar.err()).isZero();
    try (Stream<Path> unpacked = Files.list(into)) {
      List<Path> tops = unpacked.toList();
      assertThat(tops).as("one top directory, weft-VERSION").hasSize(1);
      assertThat(tops.get(0).getFileName().toString()).startsWith("weft-");
      return tops.get(0);
    }
  }

  /**
   * {@code bin/weft ARGS} in {@code cwd}, with PATH holding links to java and bash alone, a home of its own, and
   * WEFT_NO_SERVER=1: a warm server started here would outlive the test.
   */
  private Run weft(Path release, Path cwd, String... args) throws Exception {
    Path path = tmp.resolve("path");
    if (!Files.isDirectory(path)) {
      Files.createDirectories(path);
      Files.createSymbolicLink(path.resolve("java"), Path.of(System.getProperty("java.home"), "bin", "java"));
      Files.createSymbolicLink(path.resolve("bash"), bash());
    }
    List<String> command = Stream.concat(Stream.of(release.resolve("bin/weft").toString()), Stream.of(args)).toList();
    ProcessBuilder builder = new ProcessBuilder(command).directory(cwd.toFile());
    builder.environment().clear();
    builder.environment().put("PATH", path.toString());
    builder.environment().put("HOME", Files.createDirectories(tmp.resolve("home")).toString());
    builder.environment().put("WEFT_NO_SERVER", "1");
    return run(builder);
  }

  private static Path bash() {
    return Stream.of("/bin/bash", "/usr/bin/bash").map(Path::of).filter(Files::isExecutable).findFirst()
        .orElseThrow(() -> new IllegalStateException("no bash at /bin/bash or /usr/bin/bash"));
  }

  private record Run(int exit, String out, String err) {}

  private Run run(ProcessBuilder builder) throws Exception {
    Path out = tmp.resolve("out.txt");
    Path err = tmp.resolve("err.txt");
    Process process = builder.redirectOutput(out.toFile()).redirectError(err.toFile()).start();
    if (!process.waitFor(DEADLINE_SECONDS, TimeUnit.SECONDS)) {
      process.destroyForcibly();
      throw new AssertionError(builder.command() + " did not end within " + DEADLINE_SECONDS + " s");
    }
    return new Run(process.exitValue(), Files.readString(out, StandardCharsets.UTF_8),
        Files.readString(err, StandardCharsets.UTF_8));
  }
}
