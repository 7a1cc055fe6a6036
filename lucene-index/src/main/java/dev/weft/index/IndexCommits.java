package dev.weft.index;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexCommit;
import org.apache.lucene.store.Directory;

/** Listing commits, where "no commit yet" is an empty list rather than an exception. */
final class IndexCommits {
  private IndexCommits() {}

  /** Commits oldest first. */
  static List<IndexCommit> list(Directory directory) {
    try {
      return DirectoryReader.listCommits(directory);
    } catch (org.apache.lucene.index.IndexNotFoundException e) {
      return List.of();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot list the commits of " + directory, e);
    }
  }

  static IndexCommit newest(Directory directory) {
    List<IndexCommit> commits = list(directory);
    if (commits.isEmpty()) {
      throw new IllegalStateException("no commit in " + directory + " after committing");
    }
    return commits.get(commits.size() - 1);
  }
}
