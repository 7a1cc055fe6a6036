package dev.weft.transforms.natives;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The native-library cache (models' {@code NativeLibraries}) in a real process: here, where both users of it load,
 * tree-sitter through the chunkers and onnxruntime through the embedders. Its unit tests are in models.
 */
class NativeLibrariesTest {
  @TempDir Path temp;

  /**
   * Two JVMs load tree-sitter, onnxruntime and the tokenizer and are then killed: the temp dir stays empty, and
   * the second one unpacks nothing (the cache holds the same two directories, with the same files, as after the
   * first).
   */
  @Test
  void killedJvmsLeaveNothingInTheTempDirAndUnpackOnce() throws Exception {
    Path tmpdir = Files.createDirectory(temp.resolve("tmp"));
    Path cache = temp.resolve("cache");

    probe(tmpdir, cache);
    assertThat(listing(tmpdir)).as("the temp dir after one killed JVM").isEmpty();
    List<String> unpacked = listing(cache);
    assertThat(unpacked).anyMatch(path -> path.matches("natives/tree-sitter-[0-9a-f]{16}/lib/.*tree-sitter-python\\..*"))
        .anyMatch(path -> path.matches("natives/onnxruntime-[0-9a-f]{16}/libonnxruntime\\..*"))
        .anyMatch(path -> path.matches("natives/snappy-[0-9a-f]{16}/libsnappyjava\\..*"));

    probe(tmpdir, cache);
    assertThat(listing(tmpdir)).as("the temp dir after two killed JVMs").isEmpty();
    assertThat(listing(cache)).isEqualTo(unpacked);
  }

  private static void probe(Path tmpdir, Path cache) throws IOException, InterruptedException {
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    List<String> command = new ArrayList<>(List.of(java, "-Djava.io.tmpdir=" + tmpdir, "-Dweft.cache.dir=" + cache,
        "-cp", System.getProperty("java.class.path"), NativeLoadProbe.class.getName()));
    Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
    byte[] output = process.getInputStream().readAllBytes();
    assertThat(process.waitFor(120, TimeUnit.SECONDS)).as("the probe finished").isTrue();
    assertThat(process.exitValue()).as(new String(output, StandardCharsets.UTF_8)).isZero();
  }

  /** Every file and empty directory under {@code dir}, relative, sorted. */
  private static List<String> listing(Path dir) throws IOException {
    try (Stream<Path> paths = Files.walk(dir)) {
      return paths.filter(path -> !path.equals(dir))
          .filter(path -> !Files.isDirectory(path) || path.toFile().list().length == 0)
          .map(path -> dir.relativize(path).toString().replace(File.separatorChar, '/'))
          .sorted()
          .toList();
    }
  }
}
