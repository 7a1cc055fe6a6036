package dev.weft.context.graph.git;

import java.util.Optional;

/**
 * The git activity of a corpus's files, by corpus-relative path (as chunks and hits name them). Built once per
 * HEAD (docs/graph.md, "Git activity"); the lookup itself is a map read. Thread-safe.
 */
public interface GitActivityIndex {
  /** The file's activity, or empty when git has no commit of it (untracked, ignored, or no git data at all). */
  Optional<GitActivity> activity(String path);

  /**
   * Why there is no git data, said once by whoever shows activity (git is not installed, the corpus is not in a
   * work tree, the log timed out); empty when the data is there.
   */
  Optional<String> unavailable();

  /** No git data, for the reason given. */
  static GitActivityIndex none(String reason) {
    return new GitActivityIndex() {
      @Override
      public Optional<GitActivity> activity(String path) {
        return Optional.empty();
      }

      @Override
      public Optional<String> unavailable() {
        return Optional.of(reason);
      }
    };
  }
}
