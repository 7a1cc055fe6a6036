package dev.weft.transforms.git;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.weft.context.graph.git.GitActivity;
import dev.weft.context.graph.git.GitActivityIndex;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The git activity of a corpus tree, from one batched {@code git log --name-only} and cached per HEAD in a file
 * beside the index: the same HEAD reads the cache; a descendant HEAD reads only {@code git log OLD..NEW}; a
 * rewritten history (the cached HEAD is no longer an ancestor) or an unreadable cache is read again whole.
 */
public final class GitHistory {
  /** Whole-command deadline of each git call; a full log of a large repository stays well within it. */
  public static final Duration DEFAULT_DEADLINE = Duration.ofSeconds(60);
  private static final ObjectMapper MAPPER = new ObjectMapper();
  private static final int CACHE_VERSION = 1;

  /** How the activity was had, and how many commits git listed for it. */
  public enum Build { CACHED, INCREMENTAL, FULL, UNAVAILABLE }

  /** The activity, how it was built and the commits read. */
  public record Loaded(GitActivityIndex index, Build build, int commitsRead) {}

  /** The cache file's content: one row {@code [commits, lastCommit epoch seconds, lastAuthor]} per path. */
  private record CacheFile(int version, String root, String head, String prefix, Map<String, Object[]> files) {}

  private GitHistory() {}

  /**
   * The activity of the files under {@code root}, cached in {@code cacheFile}.
   *
   * @throws UncheckedIOException when the cache cannot be written (the index directory refuses the file)
   */
  public static Loaded load(Path root, Path cacheFile, Duration deadline) {
    Objects.requireNonNull(root, "root");
    Objects.requireNonNull(cacheFile, "cacheFile");
    GitRunner git = new GitRunner(root, deadline);
    GitRunner.Result where = git.run("rev-parse", "HEAD", "--show-prefix");
    if (where.failure() != null) {
      return unavailable(where.failure());
    }
    if (where.exit() != 0) {
      return unavailable(root + " is not in a git work tree with a commit (git: " + firstLine(where.err()) + ")");
    }
    String[] lines = where.text().split("\n", -1);
    String head = lines[0].strip();
    String prefix = lines.length > 1 ? lines[1].strip() : "";
    CacheFile cached = read(cacheFile, root);
    if (cached != null && cached.head().equals(head) && cached.prefix().equals(prefix)) {
      return new Loaded(activities(cached), Build.CACHED, 0);
    }
    GitActivities base = GitActivities.empty();
    Build build = Build.FULL;
    String range = head;
    if (cached != null && cached.prefix().equals(prefix)
        && git.run("merge-base", "--is-ancestor", cached.head(), head).ok()) {
      base = activities(cached);
      build = Build.INCREMENTAL;
      range = cached.head() + ".." + head;
    }
    GitRunner.Result log = git.run("log", "--name-only", "--no-renames", GitLogParser.FORMAT, range, "--", ".");
    if (!log.ok()) {
      return unavailable(log.failure() != null ? log.failure()
          : "git log failed in " + root + ": " + firstLine(log.err()));
    }
    List<GitLogParser.Commit> commits = GitLogParser.parse(log.text());
    GitActivities activities = base.plus(head, commits, prefix);
    write(cacheFile, root, prefix, activities);
    return new Loaded(activities, build, commits.size());
  }

  private static Loaded unavailable(String reason) {
    return new Loaded(GitActivityIndex.none("no git activity: " + reason), Build.UNAVAILABLE, 0);
  }

  private static GitActivities activities(CacheFile cached) {
    Map<String, GitActivity> files = new HashMap<>();
    cached.files().forEach((path, row) -> files.put(path, new GitActivity(((Number) row[0]).intValue(),
        Instant.ofEpochSecond(((Number) row[1]).longValue()), (String) row[2])));
    return new GitActivities(cached.head(), files);
  }

  /**
   * The cache of this root, or null when there is none, it is of another root or version, or it cannot be read: it
   * is derived data, so anything but a good cache means reading the log again whole.
   */
  private static CacheFile read(Path cacheFile, Path root) {
    try {
      CacheFile cached = MAPPER.readValue(Files.readAllBytes(cacheFile), CacheFile.class);
      boolean usable = cached.version() == CACHE_VERSION && root.toString().equals(cached.root())
          && cached.head() != null && cached.prefix() != null && cached.files() != null;
      return usable ? cached : null;
    } catch (NoSuchFileException e) {
      return null;
    } catch (IOException | RuntimeException e) {
      return null; // a torn or foreign file: rebuilt whole below and replaced
    }
  }

  /** Written whole: a temporary file beside it, then a rename over the old cache. */
  private static void write(Path cacheFile, Path root, String prefix, GitActivities activities) {
    Map<String, Object[]> rows = new HashMap<>();
    activities.files().forEach((path, activity) -> rows.put(path, new Object[] {
        activity.commits(), activity.lastCommitTime().getEpochSecond(), activity.lastAuthor()}));
    try {
      Files.createDirectories(cacheFile.toAbsolutePath().getParent());
      Path temp = Files.createTempFile(cacheFile.toAbsolutePath().getParent(), cacheFile.getFileName().toString(), ".tmp");
      try {
        MAPPER.writeValue(temp.toFile(), new CacheFile(CACHE_VERSION, root.toString(), activities.head(), prefix, rows));
        try {
          Files.move(temp, cacheFile, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
          Files.move(temp, cacheFile, StandardCopyOption.REPLACE_EXISTING);
        }
      } finally {
        Files.deleteIfExists(temp);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write the git activity cache " + cacheFile + ": " + e.getMessage()
          + "; check that the index directory is writable", e);
    }
  }

  private static String firstLine(String text) {
    int newline = text.indexOf('\n');
    return newline < 0 ? text : text.substring(0, newline);
  }
}
