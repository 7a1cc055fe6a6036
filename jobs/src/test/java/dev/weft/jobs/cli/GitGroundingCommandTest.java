package dev.weft.jobs.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Git activity as recall --json hit metadata and on graph nodes, and weft recent, over a git work tree built here. */
public class GitGroundingCommandTest {
  @TempDir Path tmp;

  @Test
  void jsonHitsCarryTheirFilesGitActivityAndRecentListsTheUncommittedEdits() throws IOException {
    Path root = GoldenCorpusTest.copy(ImpactCommandTest.CORPUS, tmp.resolve("corpus"));
    git(root, "init", "-q");
    git(root, "add", "-A");
    git(root, "commit", "-q", "-m", "first");
    String index = tmp.resolve("index").toString();
    assertThat(CliRun.of("index", root.toString(), "--index", index, "--quiet", "--runner", "inprocess").exit())
        .isZero();

    CliRun recall = CliRun.of("recall", "clampRate", "--kind", "code", "-n", "1", "--json", "--index", index);

    assertThat(recall.exit()).as(recall.err()).isZero();
    assertThat(recall.err()).isEmpty();
    assertThat(recall.out()).contains("\"git\":{\"commits\":1,\"lastCommit\":\"2023-11-14T22:13:20Z\","
        + "\"lastAuthor\":\"Alice\"}");

    CliRun node = CliRun.of("graph", "node", "app/api.py", "--index", index);
    assertThat(node.exit()).as(node.err()).isZero();
    assertThat(node.out()).contains("git.commits\t1\n", "git.last_commit_time\t2023-11-14T22:13:20Z\n",
        "git.last_author\tAlice\n");

    Files.writeString(root.resolve("app/api.py"), "# edited\n", StandardCharsets.UTF_8);
    Files.setLastModifiedTime(root.resolve("app/api.py"), FileTime.from(Instant.ofEpochSecond(1_800_000_000)));
    CliRun recent = CliRun.of("recent", "--index", index);

    assertThat(recent.exit()).as(recent.err()).isZero();
    assertThat(recent.out()).isEqualTo("app/api.py\tmodified\t2027-01-15T08:00:00Z\n");
  }

  @Test
  void outsideGitJsonHitsHaveNoGitFieldAndStderrSaysWhyOnce() throws IOException {
    Path root = GoldenCorpusTest.copy(ImpactCommandTest.CORPUS, tmp.resolve("corpus"));
    String index = tmp.resolve("index").toString();
    assertThat(CliRun.of("index", root.toString(), "--index", index, "--quiet", "--runner", "inprocess").exit())
        .isZero();

    CliRun recall = CliRun.of("recall", "clamp", "--kind", "code", "--json", "--index", index);

    assertThat(recall.exit()).as(recall.err()).isZero();
    assertThat(recall.out()).doesNotContain("\"git\"");
    assertThat(recall.err().lines()).singleElement().asString()
        .startsWith("weft: note: no git activity: " + root + " is not in a git work tree with a commit");
  }

  public static void git(Path dir, String... args) throws IOException {
    List<String> command = new ArrayList<>(List.of("git", "-C", dir.toString(), "-c", "commit.gpgsign=false",
        "-c", "user.name=Alice", "-c", "user.email=alice@example.com"));
    command.addAll(List.of(args));
    ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
    builder.environment().put("GIT_AUTHOR_DATE", "@1700000000 +0000");
    builder.environment().put("GIT_COMMITTER_DATE", "@1700000000 +0000");
    builder.environment().put("GIT_CONFIG_NOSYSTEM", "1");
    builder.environment().put("HOME", dir.toString());
    Process process = builder.start();
    String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    try {
      assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
    assertThat(process.exitValue()).as("git " + String.join(" ", args) + ": " + out).isZero();
  }
}
