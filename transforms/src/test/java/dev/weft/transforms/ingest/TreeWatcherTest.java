package dev.weft.transforms.ingest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The watcher under {@code weft index --watch}: events arrive from the OS asynchronously, so each test waits for
 * the path it expects with a deadline (never a fixed sleep) and asserts what was reported.
 */
class TreeWatcherTest {
  private static final long DEADLINE_SECONDS = 20;

  @TempDir Path root;

  /** Collects events until {@code path} is among them or the deadline passes. */
  private static TreeWatcher.Changes until(TreeWatcher watcher, String path) throws InterruptedException {
    TreeSet<String> seen = new TreeSet<>();
    boolean overflowed = false;
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(DEADLINE_SECONDS);
    while (!seen.contains(path) && System.nanoTime() < deadline) {
      TreeWatcher.Changes changes = watcher.await(deadline - System.nanoTime(), TimeUnit.NANOSECONDS);
      seen.addAll(changes.paths());
      overflowed |= changes.overflowed();
    }
    return new TreeWatcher.Changes(seen, overflowed);
  }

  @Test
  void reportsWritesInNestedDirectoriesRelativeToTheRoot() throws Exception {
    Files.createDirectories(root.resolve("docs/deep"));
    try (TreeWatcher watcher = TreeWatcher.start(root, null)) {
      Files.writeString(root.resolve("docs/deep/a.md"), "a");

      assertThat(until(watcher, "docs/deep/a.md").paths()).contains("docs/deep/a.md");
    }
  }

  @Test
  void registersADirectoryCreatedAfterTheStart() throws Exception {
    try (TreeWatcher watcher = TreeWatcher.start(root, null)) {
      Files.createDirectories(root.resolve("fresh"));
      assertThat(until(watcher, "fresh").paths()).contains("fresh");

      Files.writeString(root.resolve("fresh/b.md"), "b");

      assertThat(until(watcher, "fresh/b.md").paths()).contains("fresh/b.md");
    }
  }

  @Test
  void neverWatchesTheIndexDirectoryOrTheDirectoriesTheListingSkips() throws IOException {
    Path index = Files.createDirectories(root.resolve(".weft/lucene"));
    Files.createDirectories(root.resolve("node_modules/x"));
    Files.createDirectories(root.resolve(".git/objects"));
    Files.createDirectories(root.resolve("src/main"));
    Files.createDirectories(root.resolve("src/gen/deep"));
    Files.writeString(root.resolve(".gitignore"), "node_modules/\n");
    Files.writeString(root.resolve("src/.ignore"), "gen\n");
    try (TreeWatcher watcher = TreeWatcher.start(root, index.getParent())) {
      assertThat(watcher.watchedDirectories()).isEqualTo(3); // root, src, src/main
    }
  }

  @Test
  void aRootThatIsNoDirectoryIsRefusedByName() throws IOException {
    Path file = Files.writeString(root.resolve("f.txt"), "x");

    assertThatThrownBy(() -> TreeWatcher.start(file, null))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("corpus root must be a directory, got: " + file);
  }
}
