package dev.weft.transforms.git;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.context.graph.git.GitActivity;
import dev.weft.transforms.git.GitHistory.Build;
import dev.weft.transforms.git.GitHistory.Loaded;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class GitHistoryTest {
  @TempDir Path tmp;
  TestRepo repo;
  Path cache;

  @BeforeEach
  void twoAuthorsThreeCommits() throws IOException {
    repo = TestRepo.init(tmp.resolve("repo"));
    cache = tmp.resolve("index/git-activity.json");
    repo.write("a.txt", "one");
    repo.write("b.txt", "one");
    repo.commit("Alice", 1_000);
    repo.write("a.txt", "two");
    repo.commit("Bob", 2_000);
    repo.write("b.txt", "two");
    repo.commit("Carol", 3_000);
  }

  @Test
  void oneLogGivesEachFileItsCommitCountAndItsNewestCommit() {
    Loaded loaded = load(repo.dir());

    assertThat(loaded.build()).isEqualTo(Build.FULL);
    assertThat(loaded.commitsRead()).isEqualTo(3);
    assertThat(loaded.index().activity("a.txt")).contains(new GitActivity(2, Instant.ofEpochSecond(2_000), "Bob"));
    assertThat(loaded.index().activity("b.txt")).contains(new GitActivity(2, Instant.ofEpochSecond(3_000), "Carol"));
    assertThat(loaded.index().activity("missing.txt")).isEmpty();
    assertThat(loaded.index().unavailable()).isEmpty();
  }

  @Test
  void theSameHeadReadsTheCacheAndANewHeadOnlyTheCommitsSince() throws IOException {
    load(repo.dir());
    Loaded again = load(repo.dir());
    assertThat(again.build()).isEqualTo(Build.CACHED);
    assertThat(again.commitsRead()).isZero();
    assertThat(again.index().activity("a.txt")).contains(new GitActivity(2, Instant.ofEpochSecond(2_000), "Bob"));

    repo.write("a.txt", "three");
    repo.write("c.txt", "new");
    repo.commit("Dave", 4_000);
    Loaded next = load(repo.dir());

    assertThat(next.build()).isEqualTo(Build.INCREMENTAL);
    assertThat(next.commitsRead()).isEqualTo(1);
    assertThat(next.index().activity("a.txt")).contains(new GitActivity(3, Instant.ofEpochSecond(4_000), "Dave"));
    assertThat(next.index().activity("b.txt")).contains(new GitActivity(2, Instant.ofEpochSecond(3_000), "Carol"));
    assertThat(next.index().activity("c.txt")).contains(new GitActivity(1, Instant.ofEpochSecond(4_000), "Dave"));
  }

  @Test
  void aRewrittenHistoryIsReadAgainWholeSoTheDroppedCommitsNoLongerCount() throws IOException {
    load(repo.dir());
    repo.git(Map.of(), "reset", "-q", "--hard", "HEAD~1");
    repo.write("b.txt", "rewritten");
    repo.commit("Eve", 5_000);

    Loaded rewritten = load(repo.dir());

    assertThat(rewritten.build()).isEqualTo(Build.FULL);
    assertThat(rewritten.commitsRead()).isEqualTo(3);
    assertThat(rewritten.index().activity("b.txt")).contains(new GitActivity(2, Instant.ofEpochSecond(5_000), "Eve"));
    assertThat(rewritten.index().activity("a.txt")).contains(new GitActivity(2, Instant.ofEpochSecond(2_000), "Bob"));
  }

  @Test
  void aCorpusInASubdirectoryGetsPathsRelativeToItAndNothingOutsideIt() throws IOException {
    repo.write("sub/dir/c.txt", "in the corpus");
    repo.commit("Dave", 4_000);

    Loaded loaded = load(repo.dir().resolve("sub"));

    assertThat(loaded.index().activity("dir/c.txt")).contains(new GitActivity(1, Instant.ofEpochSecond(4_000), "Dave"));
    assertThat(loaded.index().activity("a.txt")).isEmpty();
    assertThat(loaded.commitsRead()).isEqualTo(1);
  }

  @Test
  void anUnreadableCacheIsRebuiltWhole() throws IOException {
    load(repo.dir());
    Files.writeString(cache, "{torn");

    Loaded loaded = load(repo.dir());

    assertThat(loaded.build()).isEqualTo(Build.FULL);
    assertThat(loaded.index().activity("a.txt")).contains(new GitActivity(2, Instant.ofEpochSecond(2_000), "Bob"));
    assertThat(load(repo.dir()).build()).isEqualTo(Build.CACHED);
  }

  @Test
  void aTreeOutsideGitHasNoActivityAndSaysWhyOnce() throws IOException {
    Path plain = Files.createDirectories(tmp.resolve("plain"));

    Loaded loaded = load(plain);

    assertThat(loaded.build()).isEqualTo(Build.UNAVAILABLE);
    assertThat(loaded.index().activity("a.txt")).isEmpty();
    assertThat(loaded.index().unavailable()).hasValueSatisfying(reason -> assertThat(reason)
        .startsWith("no git activity: " + plain + " is not in a git work tree with a commit"));
    assertThat(cache).doesNotExist();
  }

  private Loaded load(Path root) {
    return GitHistory.load(root, cache, GitHistory.DEFAULT_DEADLINE);
  }
}
