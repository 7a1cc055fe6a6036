package dev.weft.transforms.git;

import dev.weft.context.graph.git.GitActivity;
import dev.weft.context.graph.git.GitActivityIndex;
import java.time.Instant;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Per-file git activity at one HEAD, folded from {@code git log} commits. Immutable once built; {@link #plus}
 * makes the activity at a descendant HEAD from the commits since.
 */
final class GitActivities implements GitActivityIndex {
  private final String head;
  private final Map<String, GitActivity> files;

  GitActivities(String head, Map<String, GitActivity> files) {
    this.head = head;
    this.files = Map.copyOf(files);
  }

  static GitActivities empty() {
    return new GitActivities("", Map.of());
  }

  String head() {
    return head;
  }

  Map<String, GitActivity> files() {
    return files;
  }

  @Override
  public Optional<GitActivity> activity(String path) {
    return Optional.ofNullable(files.get(path));
  }

  @Override
  public Optional<String> unavailable() {
    return Optional.empty();
  }

  /**
   * The activity at {@code newHead}, from this one and the commits after it (newest first, as git lists them): each
   * path's count grows by its new commits, and its newest new commit becomes its last. Paths outside
   * {@code prefix} (the corpus's place in the repository) are left out; the rest lose the prefix.
   */
  GitActivities plus(String newHead, List<GitLogParser.Commit> newestFirst, String prefix) {
    Map<String, GitActivity> next = new HashMap<>(files);
    Set<String> seen = new HashSet<>();
    for (GitLogParser.Commit commit : newestFirst) {
      for (String repoPath : commit.paths()) {
        if (!repoPath.startsWith(prefix)) {
          continue;
        }
        String path = repoPath.substring(prefix.length());
        GitActivity before = next.get(path);
        boolean newest = seen.add(path);
        int commits = (before == null ? 0 : before.commits()) + 1;
        Instant time = newest || before == null ? commit.time() : before.lastCommitTime();
        String author = newest || before == null ? commit.author() : before.lastAuthor();
        next.put(path, new GitActivity(commits, time, author));
      }
    }
    return new GitActivities(newHead, next);
  }
}
