package dev.weft.api;

import dev.weft.context.ItemSource;
import dev.weft.context.generation.GenerationManifest;
import dev.weft.transforms.dataset.DatasetItemSource;
import dev.weft.transforms.ingest.FileTreeItemSource;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Migration shim, the only place Weft still guesses an item source: generations published before the manifest
 * recorded its {@code source} (before commit 721ad6a) say only their corpus root, and a dataset's corpus root is the
 * dataset file, so a root that is a regular file is read as a dataset and anything else as a tree — the rule
 * {@code weft get} used before.
 *
 * <p>Remove it (and the null branch of {@link ItemSources#of}) once no index Weft serves has such a generation: the
 * next {@code weft index} of an old index records the source, but {@code weft embed-missing} and {@code weft
 * rollback} alone do not, so keep it while generations from before the source was recorded may still be served.
 */
final class LegacyItemSource {
  private LegacyItemSource() {}

  static ItemSource guess(GenerationManifest manifest) {
    Path root = Path.of(manifest.corpusRoot());
    return Files.isRegularFile(root) ? new DatasetItemSource(root) : new FileTreeItemSource(root);
  }
}
