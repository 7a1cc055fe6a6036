package dev.weft.transforms.git;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.context.graph.git.RecentActivity;
import dev.weft.context.graph.git.RecentFile;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class GitStatusTest {
  @TempDir Path tmp;

  @Test
  void uncommittedFilesComeNewestFirstWithTheirStatusAndDeletedOnesLast() throws IOException {
    TestRepo repo = TestRepo.init(tmp.resolve("repo"));
    repo.write("kept.txt", "x");
    repo.write("edited.txt", "x");
    repo.write("gone.txt", "x");
    repo.write("staged.txt", "x");
    repo.commit("Alice", 1_000);
    repo.write("edited.txt", "y");
    Files.delete(repo.dir().resolve("gone.txt"));
    repo.write("new/untracked.txt", "z");
    repo.write("added.txt", "a");
    repo.git(Map.of(), "add", "added.txt");
    touch(repo.dir().resolve("edited.txt"), 3_000);
    touch(repo.dir().resolve("new/untracked.txt"), 2_000);
    touch(repo.dir().resolve("added.txt"), 1_500);

    RecentActivity recent = GitStatus.recent(repo.dir(), GitHistory.DEFAULT_DEADLINE);

    assertThat(recent.unavailableReason()).isEmpty();
    assertThat(recent.files()).containsExactly(
        new RecentFile("edited.txt", "modified", Instant.ofEpochSecond(3_000)),
        new RecentFile("new/untracked.txt", "untracked", Instant.ofEpochSecond(2_000)),
        new RecentFile("added.txt", "added", Instant.ofEpochSecond(1_500)),
        new RecentFile("gone.txt", "deleted", null));
  }

  @Test
  void outsideGitThereIsNoListAndTheReasonIsSaid() throws IOException {
    Path plain = Files.createDirectories(tmp.resolve("plain"));

    RecentActivity recent = GitStatus.recent(plain, GitHistory.DEFAULT_DEADLINE);

    assertThat(recent.files()).isEmpty();
    assertThat(recent.unavailableReason()).contains(plain + " is not in a git work tree");
  }

  private static void touch(Path file, long epochSeconds) throws IOException {
    Files.setLastModifiedTime(file, FileTime.from(Instant.ofEpochSecond(epochSeconds)));
  }
}
