package dev.weft.api;

import dev.weft.context.ItemSource;
import dev.weft.context.generation.CorpusSource;
import dev.weft.context.generation.GenerationManifest;
import dev.weft.transforms.dataset.DatasetItemSource;
import dev.weft.transforms.dataset.FieldMapping;
import dev.weft.transforms.ingest.FileTreeItemSource;
import java.nio.file.Path;

/**
 * Where {@code get} reads a generation's items back from: the source its manifest records, never a guess. The one
 * place that maps a recorded source to the reader of its kind; the index layer only asks the result.
 */
final class ItemSources {
  private ItemSources() {}

  /** The item source of a generation: a dataset's records, or the files under a tree's root. */
  static ItemSource of(GenerationManifest manifest) {
    CorpusSource source = manifest.source();
    if (source == null) {
      return LegacyItemSource.guess(manifest);
    }
    Path location = Path.of(source.location());
    return source.isDataset() ? new DatasetItemSource(location, FieldMapping.fromRoles(source.fields()))
        : new FileTreeItemSource(location);
  }
}
