package dev.weft.transforms.git;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads {@code git log --name-only --format=%x1e%ct%x1f%an}: a record separator, the committer time and author,
 * then the commit's paths one per line (relative to the repository's top level). Newest commit first, as git
 * lists them.
 */
final class GitLogParser {
  static final String FORMAT = "--format=%x1e%ct%x1f%an";

  /** One commit: when, by whom, which paths. */
  record Commit(Instant time, String author, List<String> paths) {}

  private GitLogParser() {}

  static List<Commit> parse(String log) {
    List<Commit> commits = new ArrayList<>();
    for (String record : log.split("\u001e")) {
      if (record.isBlank()) {
        continue;
      }
      String[] lines = record.split("\n");
      String[] header = lines[0].split("\u001f", 2);
      if (header.length != 2) {
        throw new IllegalStateException("git log printed a commit header this reader does not know: '" + lines[0]
            + "'; expected <unix time>\\u001f<author>");
      }
      List<String> paths = new ArrayList<>();
      for (int i = 1; i < lines.length; i++) {
        if (!lines[i].isEmpty()) {
          paths.add(lines[i]);
        }
      }
      commits.add(new Commit(Instant.ofEpochSecond(Long.parseLong(header[0].strip())), header[1], paths));
    }
    return commits;
  }
}
