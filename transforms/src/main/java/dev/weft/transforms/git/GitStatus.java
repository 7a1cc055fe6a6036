package dev.weft.transforms.git;

import dev.weft.context.graph.git.RecentActivity;
import dev.weft.context.graph.git.RecentFile;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;

/**
 * {@code recentActivity()}: the work tree's uncommitted files from {@code git status --porcelain -z}, each with its
 * modification time, newest first.
 */
public final class GitStatus {
  private static final Comparator<RecentFile> NEWEST_FIRST = Comparator
      .comparing(RecentFile::modified, Comparator.nullsLast(Comparator.reverseOrder()))
      .thenComparing(RecentFile::path);

  private GitStatus() {}

  /** The uncommitted files under {@code root}, paths relative to it. */
  public static RecentActivity recent(Path root, Duration deadline) {
    return recent(root, deadline, null);
  }

  /**
   * The uncommitted files under {@code root} but for those under {@code excluded} (the index directory, which git
   * reports as untracked when no ignore rule covers it: an index is never the user's work), paths relative to it.
   */
  public static RecentActivity recent(Path root, Duration deadline, Path excluded) {
    Objects.requireNonNull(root, "root");
    Path skipped = excluded == null ? null : excluded.toAbsolutePath().normalize();
    GitRunner git = new GitRunner(root, deadline);
    GitRunner.Result where = git.run("rev-parse", "--show-prefix");
    if (where.failure() != null) {
      return new RecentActivity(List.of(), where.failure());
    }
    if (where.exit() != 0) {
      return new RecentActivity(List.of(), root + " is not in a git work tree");
    }
    String prefix = where.text().strip();
    GitRunner.Result status = git.run("status", "--porcelain=v1", "-z", "--untracked-files=all", "--", ".");
    if (!status.ok()) {
      return new RecentActivity(List.of(), status.failure() != null ? status.failure()
          : "git status failed in " + root + ": " + status.err());
    }
    List<RecentFile> files = new ArrayList<>();
    String[] entries = status.text().split("\0");
    for (int i = 0; i < entries.length; i++) {
      String entry = entries[i];
      if (entry.length() < 4) {
        continue;
      }
      String code = entry.substring(0, 2);
      String repoPath = entry.substring(3);
      if (code.indexOf('R') >= 0 || code.indexOf('C') >= 0) {
        i++; // a rename or copy is followed by its old path
      }
      if (!repoPath.startsWith(prefix)) {
        continue;
      }
      String path = repoPath.substring(prefix.length());
      if (skipped != null && root.resolve(path).toAbsolutePath().normalize().startsWith(skipped)) {
        continue;
      }
      files.add(new RecentFile(path, status(code), modified(root.resolve(path))));
    }
    files.sort(NEWEST_FIRST);
    return new RecentActivity(files, null);
  }

  /** The porcelain XY code as one word. */
  static String status(String code) {
    if (code.equals("??")) {
      return "untracked";
    }
    if (code.indexOf('U') >= 0 || code.equals("AA") || code.equals("DD")) {
      return "conflicted";
    }
    if (code.indexOf('D') >= 0) {
      return "deleted";
    }
    if (code.indexOf('R') >= 0) {
      return "renamed";
    }
    if (code.indexOf('A') >= 0) {
      return "added";
    }
    return "modified";
  }

  private static Instant modified(Path file) {
    try {
      return Files.getLastModifiedTime(file, LinkOption.NOFOLLOW_LINKS).toInstant();
    } catch (NoSuchFileException e) {
      return null; // deleted in the work tree: listed without a time
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the modification time of " + file + ": " + e.getMessage(), e);
    }
  }
}
