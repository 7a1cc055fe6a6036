package dev.weft.transforms.ingest;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * What git lists of a work tree for {@link CorpusLister}: tracked files, plus untracked ones that are not ignored
 * ({@code git ls-files -z --cached --others --exclude-standard}).
 */
final class GitLsFiles {
  private GitLsFiles() {}

  /** Paths git knows under root, or null when root is not in a git work tree (or git is unavailable). */
  static List<String> paths(Path root) {
    if (!isInsideGitTree(root)) {
      return null;
    }
    ProcessBuilder pb = new ProcessBuilder("git", "-C", root.toString(), "ls-files", "-z", "--cached", "--others",
        "--exclude-standard").redirectError(ProcessBuilder.Redirect.DISCARD);
    try {
      Process process = pb.start();
      byte[] out;
      try (InputStream in = process.getInputStream()) {
        out = in.readAllBytes();
      }
      if (!process.waitFor(60, TimeUnit.SECONDS) || process.exitValue() != 0) {
        return null;
      }
      List<String> paths = new ArrayList<>();
      String all = new String(out, StandardCharsets.UTF_8);
      int start = 0;
      for (int i = 0; i < all.length(); i++) {
        if (all.charAt(i) == 0) {
          if (i > start) {
            paths.add(all.substring(start, i));
          }
          start = i + 1;
        }
      }
      return deduplicate(paths);
    } catch (IOException e) {
      return null; // git not installed: the walk below lists the same tree
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while listing " + root + " with git", e);
    }
  }

  /** Looks for a .git entry upward from root, so a process is started only where git can answer. */
  private static boolean isInsideGitTree(Path root) {
    for (Path dir = root; dir != null; dir = dir.getParent()) {
      if (Files.exists(dir.resolve(".git"), LinkOption.NOFOLLOW_LINKS)) {
        return true;
      }
    }
    return false;
  }

  private static List<String> deduplicate(List<String> paths) {
    // --cached lists a file once per merge stage during a conflict
    return paths.stream().distinct().toList();
  }
}
