package dev.weft.api;

import dev.weft.context.ItemSource;
import dev.weft.index.CorpusSource;
import dev.weft.index.GenerationManifest;
import dev.weft.transforms.dataset.DatasetItemSource;
import java.nio.file.Files;
import java.nio.file.Path;

/** Where {@code get} reads a generation's items back from: the source its manifest records, never a guess. */
final class ItemSources {
  private ItemSources() {}

  /**
   * The item source of a generation: a dataset's records, or null for the files under the corpus root (which the
   * searcher reads itself, refusing paths and links out of the root).
   */
  static ItemSource of(GenerationManifest manifest) {
    CorpusSource source = manifest.source();
    if (source != null) {
      return source.isDataset() ? new DatasetItemSource(Path.of(source.location())) : null;
    }
    // The legacy path, for generations published before the source was recorded: a dataset's corpus root is the
    // dataset file, so a root that is a regular file is read as one.
    Path root = Path.of(manifest.corpusRoot());
    return Files.isRegularFile(root) ? new DatasetItemSource(root) : null;
  }
}
