package dev.weft.api;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/** The committed golden corpus, copied where a test may change it. */
final class Golden {
  static final Path CORPUS = Path.of("../testdata/golden-corpus").toAbsolutePath().normalize();

  private Golden() {}

  static Path copy(Path target) {
    try (Stream<Path> walk = Files.walk(CORPUS)) {
      for (Path p : walk.toList()) {
        Path dest = target.resolve(CORPUS.relativize(p).toString());
        if (Files.isDirectory(p)) {
          Files.createDirectories(dest);
        } else {
          Files.copy(p, dest);
        }
      }
      return target;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot copy the golden corpus to " + target, e);
    }
  }
}
