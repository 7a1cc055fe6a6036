package dev.weft.context.graph.git;

import java.util.List;
import java.util.Optional;

/**
 * The files edited in the work tree and not yet committed, newest first: what a developer is working on now.
 * Kept apart from recall's ranking.
 *
 * @param files newest modification first; deleted files (no time) last; ties by path
 * @param unavailable why there is no list (git is not installed, not a work tree), or null when there is one
 */
public record RecentActivity(List<RecentFile> files, String unavailable) {
  public RecentActivity {
    files = List.copyOf(files);
  }

  public Optional<String> unavailableReason() {
    return Optional.ofNullable(unavailable);
  }
}
