package dev.weft.transforms.ingest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import dev.weft.context.error.ExitStatus;
import dev.weft.context.error.StorageFailureException;
import dev.weft.context.error.WeftException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** `get` on a directory-tree index reads files only inside the root, only regular ones, fresh from disk. */
class FileTreeItemSourceTest {
  private static final String SOURCE = "class A {}\n";

  @TempDir Path temp;
  private Path root;
  private FileTreeItemSource items;

  @BeforeEach
  void aTreeWithOneFile() throws IOException {
    root = temp.resolve("corpus");
    Files.createDirectories(root.resolve("src"));
    Files.writeString(root.resolve("src/A.java"), SOURCE);
    items = new FileTreeItemSource(root);
  }

  @Test
  void readsTheFileFreshFromDisk() throws IOException {
    assertThat(new String(items.read("src/A.java"), StandardCharsets.UTF_8)).isEqualTo(SOURCE);
    Files.writeString(root.resolve("src/A.java"), "changed");
    assertThat(new String(items.read("src/A.java"), StandardCharsets.UTF_8)).isEqualTo("changed");
  }

  @Test
  void aVanishedFileOrRootIsNoSuchFile() throws IOException {
    Files.delete(root.resolve("src/A.java"));
    assertThatThrownBy(() -> items.read("src/A.java")).isInstanceOf(NoSuchFileException.class);
    assertThatThrownBy(() -> new FileTreeItemSource(temp.resolve("gone")).read("src/A.java"))
        .isInstanceOf(NoSuchFileException.class);
  }

  @Test
  void pathsThatLeaveTheRootAreRefused() throws IOException {
    Files.writeString(temp.resolve("secret.txt"), "secret");
    assertThatThrownBy(() -> items.read("../secret.txt"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("path must stay inside the corpus root " + root + ", got: ../secret.txt");
    assertThatThrownBy(() -> items.read(temp.resolve("secret.txt").toString()))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> items.read("src/../../secret.txt"))
        .isInstanceOf(IllegalArgumentException.class);
    // the same refusal, up front, without touching the disk
    assertThatThrownBy(() -> items.itemPath("../secret.txt"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("path must stay inside the corpus root " + root + ", got: ../secret.txt");
    items.itemPath("src/Gone.java");
  }

  @Test
  void anAbsolutePathInsideTheRootIsItsRootRelativePath() throws IOException {
    assertThat(items.itemPath(root.resolve("src/A.java").toString())).isEqualTo("src/A.java");
    assertThat(new String(items.read(root.resolve("src/A.java").toString()), StandardCharsets.UTF_8))
        .isEqualTo(SOURCE);
    // the root spelled through a link to it, as a shell whose $PWD passed one spells it
    Path alias = Files.createSymbolicLink(temp.resolve("alias"), root);
    assertThat(items.itemPath(alias.resolve("src/A.java").toString())).isEqualTo("src/A.java");
    assertThatThrownBy(() -> items.itemPath(temp.resolve("secret.txt").toString()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("path must stay inside the corpus root " + root + ", got: " + temp.resolve("secret.txt"));
  }

  @Test
  void aLinkInsideTheRootThatLeadsOutIsRefused() throws IOException {
    Files.writeString(temp.resolve("secret.txt"), "secret");
    Files.createSymbolicLink(root.resolve("src/link.txt"), temp.resolve("secret.txt"));
    assertThatThrownBy(() -> items.read("src/link.txt"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("path must stay inside the corpus root " + root + ", got: src/link.txt (a link leading out)");
  }

  @Test
  void aLinkThatStaysInsideIsRead() throws IOException {
    Files.createSymbolicLink(root.resolve("src/B.java"), Path.of("A.java"));
    assertThat(new String(items.read("src/B.java"), StandardCharsets.UTF_8)).isEqualTo(SOURCE);
  }

  @Test
  void aFileReplacedByAFifoIsRefusedByNameInsteadOfBlocking() throws Exception {
    Path file = root.resolve("src/A.java");
    Files.delete(file);
    OddFiles.mkfifo(file);
    // the deadline only keeps a regression from hanging the build: opening a FIFO blocks until a writer comes
    assertTimeoutPreemptively(Duration.ofSeconds(10), () ->
        assertThatThrownBy(() -> items.read("src/A.java"))
            .isInstanceOf(WeftException.class)
            .hasMessageStartingWith("cannot read src/A.java: it is now a FIFO (named pipe), not a regular file")
            .satisfies(e -> assertThat(((WeftException) e).status()).isEqualTo(ExitStatus.NOTHING_FOUND)));
  }

  @Test
  void aSymlinkInsideTheRootToAFifoIsRefusedByName() throws Exception {
    Path file = root.resolve("src/A.java");
    Files.delete(file);
    OddFiles.mkfifo(root.resolve("src/pipe"));
    Files.createSymbolicLink(file, Path.of("pipe"));
    assertTimeoutPreemptively(Duration.ofSeconds(10), () ->
        assertThatThrownBy(() -> items.read("src/A.java"))
            .isInstanceOf(WeftException.class)
            .hasMessageContaining("a FIFO (named pipe)"));
  }

  @Test
  void aDirectoryIsRefusedByName() throws IOException {
    Files.delete(root.resolve("src/A.java"));
    Files.createDirectories(root.resolve("src/A.java"));
    assertThatThrownBy(() -> items.read("src/A.java"))
        .isInstanceOf(WeftException.class)
        .hasMessageStartingWith("cannot read src/A.java: it is now a directory, not a regular file");
  }

  @Test
  void aFileThatCannotBeReadIsAnIoFailureNamingIt() throws IOException {
    // a link to itself: the system refuses to resolve it (ELOOP), as it would refuse an unreadable file
    Path loop = root.resolve("src/loop.txt");
    Files.createSymbolicLink(loop, Path.of("loop.txt"));
    assertThatThrownBy(() -> items.read("src/loop.txt"))
        .isInstanceOf(StorageFailureException.class)
        .hasMessageStartingWith("cannot read " + loop + ": ")
        .hasMessageEndingWith("; make it readable by this user, or re-run `weft index` to drop it from the index")
        .satisfies(e -> assertThat(((StorageFailureException) e).status()).isEqualTo(ExitStatus.IO_FAILURE));
  }
}
