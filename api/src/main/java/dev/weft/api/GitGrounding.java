package dev.weft.api;

import dev.weft.context.IndexLocation;
import dev.weft.context.generation.GenerationManifest;
import dev.weft.context.graph.git.GitActivityIndex;
import dev.weft.context.graph.git.RecentActivity;
import dev.weft.transforms.git.GitHistory;
import dev.weft.transforms.git.GitStatus;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * Git activity and recent edits of the tree a generation was indexed from (docs/graph.md, "Git activity"): the
 * tree is the manifest's recorded source; a dataset index has none. The activity is cached per HEAD in
 * {@code INDEX/git-activity.json}.
 */
final class GitGrounding {
  static final String CACHE = "git-activity.json";

  private GitGrounding() {}

  static GitActivityIndex activity(IndexLocation index, GenerationManifest manifest) {
    return tree(manifest)
        .map(root -> GitHistory.load(root, index.resolve(CACHE), GitHistory.DEFAULT_DEADLINE).index())
        .orElseGet(() -> GitActivityIndex.none(noTree(manifest)));
  }

  /** The tree's uncommitted files, never those of the index directory, wherever it sits and whatever git ignores. */
  static RecentActivity recent(IndexLocation index, GenerationManifest manifest) {
    return tree(manifest).map(root -> GitStatus.recent(root, GitHistory.DEFAULT_DEADLINE, index.dir()))
        .orElseGet(() -> new RecentActivity(List.of(), noTree(manifest)));
  }

  /** The directory tree of the generation, when it was indexed from one that is still there. */
  private static Optional<Path> tree(GenerationManifest manifest) {
    if (manifest.source() != null) {
      return manifest.source().isDataset() ? Optional.empty() : Optional.of(Path.of(manifest.source().location()))
          .filter(Files::isDirectory);
    }
    return Optional.ofNullable(manifest.corpusRoot()).map(Path::of).filter(Files::isDirectory);
  }

  private static String noTree(GenerationManifest manifest) {
    return "no git activity: generation " + manifest.generation() + " was not indexed from a directory tree that"
        + " still exists (" + (manifest.source() != null ? manifest.source().location() : manifest.corpusRoot()) + ")";
  }
}
