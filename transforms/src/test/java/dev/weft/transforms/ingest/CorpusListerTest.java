package dev.weft.transforms.ingest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.weft.transforms.route.Router;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CorpusListerTest {
  @TempDir Path root;

  @Test
  void walksRoutableFilesHonouringTheIgnoreFilesAndSkippingHiddenDirectories() throws IOException {
    write("src/A.java", "src/b.py", "README.md", "notes.bin", "node_modules/x.js", "target/T.java",
        "build/b.go", "dist/d.ts", ".hidden/h.md", ".git/config.md", "docs/guide.rst", ".weft/x.md");
    Files.writeString(root.resolve(".gitignore"), "node_modules/\ntarget/\n/build\n");
    Files.writeString(root.resolve(".ignore"), "dist\n");

    List<String> paths = paths(new CorpusLister(Router.defaults(), root.resolve(".weft")).list(root));

    assertThat(paths).containsExactly("README.md", "docs/guide.rst", "src/A.java", "src/b.py");
  }

  @Test
  void withoutIgnoreFilesOnlyHiddenDirectoriesAreSkipped() throws IOException {
    write("node_modules/x.js", "target/T.java", ".hidden/h.md", "a.md");

    assertThat(paths(new CorpusLister(Router.defaults(), null).list(root)))
        .containsExactly("a.md", "node_modules/x.js", "target/T.java");
  }

  @Test
  void aDeeperIgnoreFileDecidesAndDotIgnoreWinsOverGitignoreInItsDirectory() throws IOException {
    write("keep.md", "drop.md", "sub/keep.md", "sub/drop.md", "sub/gen/g.md", "sub/tool.md", "other/gen/g.md");
    Files.writeString(root.resolve(".gitignore"), "*.md\n!keep.md\n!sub/\n!other/\n!g.md\ngen/\n");
    Files.writeString(root.resolve("sub/.gitignore"), "!drop.md\n!gen/\n!tool.md\n");
    Files.writeString(root.resolve("sub/.ignore"), "tool.md\n");

    assertThat(paths(new CorpusLister(Router.defaults(), null).list(root)))
        .containsExactly("keep.md", "sub/drop.md", "sub/gen/g.md", "sub/keep.md");
  }

  @Test
  void aDirectoryWhoseIgnoreFileIsTooLargeIsReportedUnreadableAndKeptAsIndexed() throws IOException {
    write("a.md", "big/b.md");
    Files.write(root.resolve("big/.gitignore"), new byte[(int) IgnoreRules.MAX_FILE_BYTES + 1]);
    CorpusLister lister = new CorpusLister(Router.defaults(), null);

    assertThat(paths(lister.list(root))).containsExactly("a.md");
    assertThat(lister.unreadableDirectories()).containsExactly("big");
    assertThat(lister.deadLetters()).singleElement().satisfies(letter -> assertThat(letter.detail())
        .contains("ignore file must be at most " + IgnoreRules.MAX_FILE_BYTES + " bytes"));
  }

  @Test
  void aSymlinkedIgnoreFileIsNotFollowed(@TempDir Path outside) throws IOException {
    write("a.md");
    Files.writeString(outside.resolve("rules"), "*.md\n");
    Files.createSymbolicLink(root.resolve(".gitignore"), outside.resolve("rules"));

    assertThat(paths(new CorpusLister(Router.defaults(), null).list(root))).containsExactly("a.md");
  }

  @Test
  void theWalkListsInPathOrderThoughEachDirectorySortsOnlyItsOwnNames() throws IOException {
    // '-' and '.' sort before '/', '0' and '_' after it: a directory "a" goes between "a.md" and "a0.md"
    write("a/x.md", "a.md", "a-b.md", "a0.md", "a_b/y.md", "a.b/z.md", "b/a/c.md", "b/a.md", "b/a-/d.md", "é.md",
        "Z.md");

    List<String> paths = paths(new CorpusLister(Router.defaults(), null).list(root));

    assertThat(paths).hasSize(11).isSorted();
  }

  @Test
  void theIndexDirectoryIsNeverListedWhereverItSitsUnderTheRoot() throws IOException {
    write("data/idx/x.md", "data/idx2/y.md", "data/i.md", "idx/z.md");

    assertThat(paths(new CorpusLister(Router.defaults(), root.resolve("data/idx")).list(root)))
        .containsExactly("data/i.md", "data/idx2/y.md", "idx/z.md");
    assertThat(paths(new CorpusLister(Router.defaults(), root).list(root.resolve("data")))).containsExactly("i.md");
  }

  @Test
  void neverFollowsASymlinkedDirectoryOutOfTheRoot(@TempDir Path outside) throws IOException {
    Files.writeString(outside.resolve("out.md"), "outside");
    Files.createSymbolicLink(root.resolve("linked"), outside);
    write("in.md");

    assertThat(paths(new CorpusLister(Router.defaults(), null).list(root))).containsExactly("in.md");
  }

  @Test
  void inAGitWorkTreeListsWhatGitKnowsAndHonoursIgnores() throws Exception {
    write("tracked.md", "untracked.md", "ignored.md", "sub/t.py");
    Files.writeString(root.resolve(".gitignore"), "ignored.md\n");
    git("init", "-q");
    git("add", "tracked.md", "sub/t.py");

    assertThat(paths(new CorpusLister(Router.defaults(), null).list(root)))
        .containsExactly("sub/t.py", "tracked.md", "untracked.md");
  }

  @Test
  void tracksStatOfEachFile() throws IOException {
    write("a.md");

    ListedFile file = new CorpusLister(Router.defaults(), null).list(root).get(0);

    assertThat(file.size()).isEqualTo(Files.size(root.resolve("a.md")));
    assertThat(file.mtimeMillis()).isEqualTo(Files.getLastModifiedTime(root.resolve("a.md")).toMillis());
  }

  @Test
  void missingRootIsAClearError() {
    assertThatThrownBy(() -> new CorpusLister(Router.defaults(), null).list(root.resolve("nope")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("corpus root must be a directory, got: ");
  }

  @Test
  void aListingStartedAndJoinedLaterGivesWhatListGivesAndReportsWhatItRefused(@TempDir Path outside)
      throws Exception {
    // a run starts the walk when it takes the write lock and joins it after reading the index (issue #13 item 4)
    write("src/A.java", "src/b/c.py", "README.md", "a-b.md", "a/x.md", "target/T.java", ".hidden/h.md");
    Files.writeString(root.resolve(".gitignore"), "target/\n");
    Files.writeString(outside.resolve("out.md"), "outside");
    Files.createSymbolicLink(root.resolve("linked"), outside);
    Files.createSymbolicLink(root.resolve("link.md"), root.resolve("README.md"));
    OddFiles.mkfifo(root.resolve("pipe.md"));
    CorpusLister listed = new CorpusLister(Router.defaults(), null);
    List<ListedFile> expected = listed.list(root);
    CorpusLister started = new CorpusLister(Router.defaults(), null);

    CorpusLister.Listing listing = started.start(root);
    List<ListedFile> joined = listing.join();

    assertThat(joined).isEqualTo(expected);
    assertThat(paths(expected)).containsExactly("README.md", "a-b.md", "a/x.md", "link.md", "src/A.java",
        "src/b/c.py");
    assertThat(started.deadLetters()).isEqualTo(listed.deadLetters()).extracting(d -> d.path())
        .containsExactly("pipe.md");
  }

  @Test
  void aStartedListingOfAMissingRootFailsAtOnce() {
    assertThatThrownBy(() -> new CorpusLister(Router.defaults(), null).start(root.resolve("nope")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("corpus root must be a directory, got: ");
  }

  private void write(String... paths) throws IOException {
    for (String path : paths) {
      Path file = root.resolve(path);
      Files.createDirectories(file.getParent());
      Files.writeString(file, "content of " + path + "\n");
    }
  }

  private void git(String... args) throws Exception {
    List<String> cmd = new java.util.ArrayList<>(List.of("git", "-C", root.toString()));
    cmd.addAll(List.of(args));
    Process p = new ProcessBuilder(cmd).inheritIO().start();
    assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
    assertThat(p.exitValue()).isZero();
  }

  private static List<String> paths(List<ListedFile> files) {
    return files.stream().map(ListedFile::path).toList();
  }
}
