package dev.weft.k8s;

import java.nio.file.Files;
import java.nio.file.Path;

/** The k8s/ directory of the checkout, as surefire names it (weft.k8s.dir), else the working directory. */
final class K8sDir {
  private K8sDir() {}

  static Path path() {
    Path dir = Path.of(System.getProperty("weft.k8s.dir", "."));
    if (!Files.isDirectory(dir.resolve("manifests"))) {
      throw new IllegalStateException("no manifests directory in " + dir.toAbsolutePath()
          + ": run the tests through Maven (mvn -pl k8s test), which sets weft.k8s.dir");
    }
    return dir;
  }
}
