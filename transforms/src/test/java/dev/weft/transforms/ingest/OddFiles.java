package dev.weft.transforms.ingest;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Makes the file system objects a corpus should never trip on: FIFOs, very deep trees, paths over PATH_MAX. */
public final class OddFiles {
  private OddFiles() {}

  public static void mkfifo(Path path) throws IOException, InterruptedException {
    run("mkfifo", path.toString());
  }

  /** {@code root/d/d/.../d} with {@code levels} directories; returns the deepest. */
  public static Path deepTree(Path root, int levels) throws IOException {
    Path dir = root.resolve("d" + "/d".repeat(levels - 1));
    Files.createDirectories(dir);
    return dir;
  }

  /**
   * A chain of directories whose full path is longer than Linux's PATH_MAX (4096), built without ever naming
   * such a path: two chains of long names made side by side, the second moved into the deepest of the first.
   * Returns the relative path of the moved chain's top, an ancestor of every path the OS cannot open.
   */
  public static String beyondPathMax(Path root, Path fileInside) throws IOException {
    String name = "x".repeat(200);
    Path first = Files.createDirectories(root.resolve(String.join("/", List.of(name, name, name, name, name,
        name, name, name, name, name, name, name))));
    Path second = Files.createDirectories(root.resolve("tmp-chain/" + String.join("/", List.of(name, name, name,
        name, name, name, name, name, name, name))));
    Files.writeString(second.resolve(fileInside), "deep\n");
    Files.move(root.resolve("tmp-chain"), first.resolve("tail"), StandardCopyOption.ATOMIC_MOVE);
    // 22 names of 200 bytes: the deepest directories and the file are well past 4096 bytes from the root
    return root.relativize(first).toString() + "/tail";
  }

  /** {@code rm -rf}: Java's own walk cannot delete a path longer than PATH_MAX. */
  public static void removeTree(Path root) throws IOException, InterruptedException {
    run("rm", "-rf", root.toString());
  }

  private static void run(String... command) throws IOException, InterruptedException {
    Process process = new ProcessBuilder(command).inheritIO().start();
    assertThat(process.waitFor(60, TimeUnit.SECONDS)).as(String.join(" ", command) + " finished").isTrue();
    assertThat(process.exitValue()).as(String.join(" ", command) + " exit status").isZero();
  }
}
