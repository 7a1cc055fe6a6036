package dev.weft.transforms.ingest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import dev.weft.context.DeadLetter;
import dev.weft.transforms.route.Router;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The listing never hangs or dies on what a corpus may hold besides files and directories. */
class CorpusListerOddFilesTest {
  @TempDir Path root;

  @Test
  void fifosAreRefusedByNameNeverListedOrOpenedInTheWalk() throws Exception {
    Files.writeString(root.resolve("a.md"), "a\n");
    OddFiles.mkfifo(root.resolve("b.md"));
    OddFiles.mkfifo(root.resolve("pipe"));
    Files.createSymbolicLink(root.resolve("link.md"), Path.of("pipe"));
    CorpusLister lister = new CorpusLister(Router.defaults(), null);

    List<ListedFile> listed = assertTimeoutPreemptively(Duration.ofSeconds(30), () -> lister.list(root));

    assertThat(listed).extracting(ListedFile::path).containsExactly("a.md");
    assertThat(lister.deadLetters()).containsExactly(
        new DeadLetter("b.md", "list", "special_file", "item must be a regular file, got a FIFO (named pipe): b.md"),
        new DeadLetter("link.md", "list", "special_file",
            "item must be a regular file, got a FIFO (named pipe): link.md"));
  }

  @Test
  void fifosAreRefusedByNameInAGitWorkTreeTracked() throws Exception {
    Files.writeString(root.resolve("a.md"), "a\n");
    Files.writeString(root.resolve("tracked.md"), "t\n");
    git("init", "-q");
    git("add", "a.md", "tracked.md");
    Files.delete(root.resolve("tracked.md"));
    OddFiles.mkfifo(root.resolve("tracked.md"));
    OddFiles.mkfifo(root.resolve("untracked.md"));
    CorpusLister lister = new CorpusLister(Router.defaults(), null);

    List<ListedFile> listed = assertTimeoutPreemptively(Duration.ofSeconds(30), () -> lister.list(root));

    assertThat(listed).extracting(ListedFile::path).containsExactly("a.md");
    assertThat(lister.deadLetters()).extracting(DeadLetter::path, DeadLetter::reason)
        .contains(org.assertj.core.groups.Tuple.tuple("tracked.md", "special_file"));
  }

  @Test
  void aTreeThousandsOfLevelsDeepIsWalkedWithoutRecursion(@TempDir Path temp) throws Exception {
    Path corpus = Files.createDirectory(temp.resolve("corpus"));
    try {
      Path deepest = OddFiles.deepTree(corpus, 1_900); // "d/" x 1900 stays under PATH_MAX, past the old ~1,500
      Files.writeString(deepest.resolve("bottom.md"), "bottom\n");
      Files.writeString(corpus.resolve("top.md"), "top\n");
      CorpusLister lister = new CorpusLister(Router.defaults(), null);

      List<ListedFile> listed = lister.list(corpus);

      assertThat(listed).extracting(ListedFile::path)
          .containsExactly("d" + "/d".repeat(1_899) + "/bottom.md", "top.md");
      assertThat(lister.deadLetters()).isEmpty();
    } finally {
      OddFiles.removeTree(corpus); // @TempDir's cleanup takes a minute on a tree this deep; rm takes a blink
    }
  }

  @Test
  void aDirectoryTheOsCannotOpenByNameIsDeadLetteredAndWhatIsUnderItKept(@TempDir Path temp) throws Exception {
    Path corpus = Files.createDirectory(temp.resolve("corpus"));
    try {
      Files.writeString(corpus.resolve("top.md"), "top\n");
      String chain = OddFiles.beyondPathMax(corpus, Path.of("deep.md"));
      CorpusLister lister = new CorpusLister(Router.defaults(), null);

      List<ListedFile> listed = lister.list(corpus);

      assertThat(listed).extracting(ListedFile::path).containsExactly("top.md");
      assertThat(lister.deadLetters()).isNotEmpty().allSatisfy(letter -> {
        assertThat(letter.path()).startsWith(chain + "/");
        assertThat(letter.reason()).isEqualTo("unreadable");
        assertThat(letter.detail()).contains("File name too long");
      });
      assertThat(lister.unreadableDirectories()).isNotEmpty().allMatch(dir -> dir.startsWith(chain + "/"));
    } finally {
      OddFiles.removeTree(corpus); // @TempDir's Java walk cannot delete past PATH_MAX
    }
  }

  private void git(String... args) throws Exception {
    List<String> cmd = new java.util.ArrayList<>(List.of("git", "-C", root.toString()));
    cmd.addAll(List.of(args));
    Process p = new ProcessBuilder(cmd).inheritIO().start();
    assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
    assertThat(p.exitValue()).isZero();
  }
}
