package dev.weft.transforms.ingest;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.transforms.route.Router;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A watched listing ({@link ListingWatch}) must equal a fresh walk after every change, and be reused only when nothing
 * that could change it happened. No test waits on a clock: each check makes its own event and drains up to it.
 */
class ListingWatchTest {
  private static final Router ROUTER = Router.defaults();

  @TempDir Path root;

  private final ListingWatches watches = new ListingWatches(true, 4, Duration.ofMinutes(10), 1);
  private final CorpusLister watched = new CorpusLister(ROUTER, null, watches);

  @AfterEach
  void closeWatches() {
    watches.closeAll();
  }

  private List<ListedFile> walked() {
    return new CorpusLister(ROUTER, null).list(root);
  }

  /** Lists through the watch and checks the listing against a fresh walk; true when the watch's listing was reused. */
  private boolean listsAsAWalkDoes() {
    List<ListedFile> listing = watched.list(root);
    assertThat(listing).isEqualTo(walked());
    return watched.reusedListing();
  }

  private void write(String path, String text) throws IOException {
    Path file = root.resolve(path);
    Files.createDirectories(file.getParent());
    Files.writeString(file, text);
  }

  @Test
  void aSecondListingOfAnUnchangedTreeIsReused() throws IOException {
    write("docs/a.md", "# a");
    write("src/deep/B.java", "class B {}");

    assertThat(listsAsAWalkDoes()).isFalse();
    assertThat(listsAsAWalkDoes()).isTrue();
    assertThat(listsAsAWalkDoes()).isTrue();
  }

  @Test
  void everyChangeToWhatIsListedIsSeenByTheNextListing() throws IOException {
    write("docs/a.md", "# a");
    write("docs/old/b.md", "# b");
    write("src/C.java", "class C {}");
    listsAsAWalkDoes();
    List<Change> changes = List.of(
        () -> Files.writeString(root.resolve("docs/a.md"), " more", StandardOpenOption.APPEND),
        () -> Files.setLastModifiedTime(root.resolve("src/C.java"), FileTime.fromMillis(1_000_000)),
        () -> write("fresh/deeper/D.java", "class D {}"),
        () -> Files.delete(root.resolve("docs/old/b.md")),
        () -> Files.move(root.resolve("docs"), root.resolve("guides")),
        () -> Files.move(root.resolve("src/C.java"), root.resolve("fresh/C.java")),
        () -> deleteTree(root.resolve("fresh")),
        () -> write("guides/E.md", "# e"),
        () -> Files.writeString(root.resolve("guides/E.md"), "# f")); // same size: the mtime tells

    for (Change change : changes) {
      change.apply();
      assertThat(listsAsAWalkDoes()).as("reused after a change").isFalse();
      assertThat(listsAsAWalkDoes()).as("reused once nothing changed").isTrue();
    }
  }

  @Test
  void changesTheWalkPassesByKeepTheListing() throws IOException {
    write("src/A.java", "class A {}");
    write(".gitignore", "target/\n");
    Files.createDirectories(root.resolve("target")); // ignored, so never walked nor watched
    listsAsAWalkDoes();

    write("target/classes/A.class", "cafebabe");
    write("target/B.java", "class B {}");
    write(".idea/workspace.xml", "<x/>");
    write("src/.A.java.swp", "swap");
    write("src/notes.bin", "binary");
    Files.writeString(root.resolve("src/notes.bin"), "changed");
    Files.delete(root.resolve("src/notes.bin"));

    assertThat(listsAsAWalkDoes()).isTrue();
  }

  @Test
  void anEditedIgnoreFileChangesTheListing() throws IOException {
    write("src/A.java", "class A {}");
    write("src/gen/G.java", "class G {}");
    write("src/.gitignore", "gen/\n");
    listsAsAWalkDoes();

    write("src/.gitignore", "# nothing ignored\n");

    assertThat(listsAsAWalkDoes()).isFalse();
    assertThat(walked()).extracting(ListedFile::path).containsExactly("src/A.java", "src/gen/G.java");
  }

  @Test
  void aRootRenamedAwayAndReplacedIsWalked(@TempDir Path parent) throws IOException {
    Path tree = Files.createDirectories(parent.resolve("corpus"));
    Files.writeString(tree.resolve("A.md"), "# a");
    CorpusLister lister = new CorpusLister(ROUTER, null, watches);
    lister.list(tree);

    Files.move(tree, parent.resolve("corpus.old"));
    Files.createDirectories(tree);
    Files.writeString(tree.resolve("B.md"), "# b");

    assertThat(lister.list(tree)).extracting(ListedFile::path).containsExactly("B.md");
    assertThat(lister.reusedListing()).isFalse();
  }

  @Test
  void aNewDirectoryWithAnUnroutableNameIsWalked() throws IOException {
    write("src/A.java", "class A {}");
    listsAsAWalkDoes();

    write("lib/B.java", "class B {}");

    assertThat(listsAsAWalkDoes()).isFalse();
  }

  @Test
  void aListingWithASymlinkIsNeverReused() throws IOException {
    write("src/A.java", "class A {}");
    Path outside = Files.createTempFile("weft-outside", ".md");
    try {
      Files.createSymbolicLink(root.resolve("src/linked.md"), outside);
      listsAsAWalkDoes();

      Files.writeString(outside, "# changed where no watch of the tree reaches");

      assertThat(listsAsAWalkDoes()).isFalse();
      assertThat(listsAsAWalkDoes()).isFalse();
    } finally {
      Files.delete(outside);
    }
  }

  @Test
  void aGitWorkTreeIsListedByGitEveryTime() throws Exception {
    write("src/A.java", "class A {}");
    Process init = new ProcessBuilder("git", "init", "-q", root.toString()).redirectErrorStream(true).start();
    assertThat(init.waitFor()).isZero();

    listsAsAWalkDoes();

    assertThat(listsAsAWalkDoes()).isFalse();
  }

  @Test
  void aTreeIsWatchedFromItsSecondPassInTheProcess() throws IOException {
    write("src/A.java", "class A {}");
    ListingWatches fromSecond = new ListingWatches(true, 4, Duration.ofMinutes(10), 2);
    CorpusLister lister = new CorpusLister(ROUTER, null, fromSecond);
    try {
      List<Boolean> reused = new ArrayList<>();
      for (int pass = 0; pass < 4; pass++) {
        lister.list(root);
        reused.add(lister.reusedListing());
      }

      assertThat(reused).containsExactly(false, false, true, true);
    } finally {
      fromSecond.closeAll();
    }
  }

  @Test
  void aWalkOverlappingOneThatStoppedWatchesIsNotRemembered() throws IOException {
    Path a = Files.createDirectories(root.resolve("a"));
    Path d = Files.createDirectories(root.resolve("d"));
    try (ListingWatch watch = ListingWatch.open(root, null, ROUTER, Long.MAX_VALUE)) {
      for (Path dir : List.of(root, a, d)) {
        watch.watch(dir, Files.readAttributes(dir, BasicFileAttributes.class).fileKey());
      }
      ListingWatch.Check earlier = watch.check();
      ListingWatch.Check later = watch.check();

      watch.remember(earlier, List.of(), true, Set.of(root, a)); // it never met d: d's watch is stopped
      watch.remember(later, List.of(new ListedFile("d/B.md", 1, 1)), true, Set.of(root, a, d));

      assertThat(watch.remembered()).isEmpty();
    }
  }

  @Test
  void offWatchesListByWalking() throws IOException {
    write("src/A.java", "class A {}");
    CorpusLister off = new CorpusLister(ROUTER, null, new ListingWatches(false, 4, Duration.ofMinutes(10), 1));

    off.list(root);
    off.list(root);

    assertThat(off.reusedListing()).isFalse();
  }

  @Test
  void theLeastRecentlyUsedTreeIsClosedBeyondTheCapacity(@TempDir Path other) throws IOException {
    ListingWatches one = new ListingWatches(true, 1, Duration.ofMinutes(10), 1);
    CorpusLister lister = new CorpusLister(ROUTER, null, one);
    write("src/A.java", "class A {}");
    Files.writeString(other.resolve("B.md"), "# b");
    try {
      lister.list(root);
      lister.list(other); // closes the watch of root

      lister.list(root);

      assertThat(lister.reusedListing()).isFalse();
    } finally {
      one.closeAll();
    }
  }

  @Test
  void randomChangesAreAllSeen() throws IOException {
    Random random = new Random(20261202);
    List<String> names = List.of("a.md", "b.java", "c.py", "notes.bin", ".hidden.md", "target");
    List<String> dirs = List.of("", "x/", "x/y/", "z/", "target/");
    int reused = 0;
    for (int step = 0; step < 150; step++) {
      String dir = dirs.get(random.nextInt(dirs.size()));
      Path path = root.resolve(dir + names.get(random.nextInt(names.size())));
      switch (random.nextInt(5)) {
        case 0 -> {
          if (!Files.isDirectory(path) && !underAFile(path)) {
            Files.createDirectories(path.getParent());
            Files.writeString(path, "step " + step);
          }
        }
        case 1 -> {
          if (Files.isRegularFile(path)) {
            Files.writeString(path, "+", StandardOpenOption.APPEND);
          }
        }
        case 2 -> deleteTree(path);
        case 3 -> deleteTree(root.resolve(dir.isEmpty() ? "z/" : dir));
        default -> { } // nothing: the next listing may be reused
      }
      if (listsAsAWalkDoes()) {
        reused++;
      }
    }
    assertThat(reused).as("listings reused").isPositive();
  }

  @Test
  void watchesOnlyTreesWhoseFileSystemsAreAllLocal() {
    List<String> mounts = List.of("/dev/vda / ext4 rw 0 0", "server:/export /data/nfs nfs4 rw 0 0",
        "tmpfs /data/with\\040space tmpfs rw 0 0", "fuse /home/u/remote fuse.sshfs rw 0 0");

    assertThat(ListingWatches.onLocalFileSystems(Path.of("/work/tree"), mounts)).isTrue();
    assertThat(ListingWatches.onLocalFileSystems(Path.of("/data/nfs/tree"), mounts)).isFalse();
    assertThat(ListingWatches.onLocalFileSystems(Path.of("/data"), mounts)).as("an NFS mount below").isFalse();
    assertThat(ListingWatches.onLocalFileSystems(Path.of("/data/with space/t"), mounts)).isTrue();
    assertThat(ListingWatches.onLocalFileSystems(Path.of("/home/u"), mounts)).isFalse();
    assertThat(ListingWatches.onLocalFileSystems(Path.of("/work"), List.of())).as("no table").isFalse();
  }

  private boolean underAFile(Path path) {
    for (Path dir = path.getParent(); !dir.equals(root); dir = dir.getParent()) {
      if (Files.isRegularFile(dir)) {
        return true;
      }
    }
    return false;
  }

  @FunctionalInterface
  private interface Change {
    void apply() throws IOException;
  }

  private static void deleteTree(Path top) throws IOException {
    if (!Files.exists(top)) {
      return;
    }
    List<Path> all = new ArrayList<>();
    try (Stream<Path> paths = Files.walk(top)) {
      paths.forEach(all::add);
    }
    all.sort(Comparator.reverseOrder());
    for (Path path : all) {
      Files.delete(path);
    }
  }
}
