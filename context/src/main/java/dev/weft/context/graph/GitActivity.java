package dev.weft.context.graph;

import java.util.Optional;

/**
 * The seam through which a node gets its {@code git} field. The graph does not read git itself: the git-activity
 * work (issue #14, "Git activity") implements this; until a caller passes one, nodes carry {@code git: null}.
 */
@FunctionalInterface
public interface GitActivity {
  /** No activity known for any file (not a git work tree, or nothing wired in). */
  GitActivity NONE = path -> Optional.empty();

  /** The activity of a corpus-relative path, empty when unknown. */
  Optional<FileGit> of(String path);
}
