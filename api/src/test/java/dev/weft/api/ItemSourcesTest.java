package dev.weft.api;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.context.generation.CorpusSource;
import dev.weft.context.generation.GenerationManifest;
import dev.weft.transforms.dataset.DatasetItemSource;
import dev.weft.transforms.ingest.FileTreeItemSource;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** `get` reads items from the source the manifest records; only manifests from before it was recorded guess. */
class ItemSourcesTest {
  @TempDir Path tmp;

  @Test
  void aRecordedDatasetIsReadAsOneEvenWhenItsFileIsGone() {
    // the old rule (a root that is a regular file is a dataset) took a deleted dataset for a directory tree
    Path gone = tmp.resolve("gone.jsonl");
    GenerationManifest manifest = manifest(gone.toString(), CorpusSource.dataset(gone.toString(), "jsonl"));

    assertThat(ItemSources.of(manifest)).isInstanceOf(DatasetItemSource.class);
  }

  @Test
  void recordedFilesAreReadFromTheTreeEvenWhenTheRootIsNowAFile() throws IOException {
    Path root = Files.writeString(tmp.resolve("corpus.jsonl"), "{}\n");
    GenerationManifest manifest = manifest(root.toString(), CorpusSource.files(root.toString()));

    assertThat(ItemSources.of(manifest)).isInstanceOfSatisfying(FileTreeItemSource.class,
        tree -> assertThat(tree.root()).isEqualTo(root));
  }

  @Test
  void aManifestWithoutASourceFollowsTheLegacyRule() throws IOException {
    Path dataset = Files.writeString(tmp.resolve("faq.jsonl"), "{}\n");

    assertThat(ItemSources.of(manifest(dataset.toString(), null))).isInstanceOf(DatasetItemSource.class);
    assertThat(ItemSources.of(manifest(tmp.toString(), null))).isInstanceOfSatisfying(FileTreeItemSource.class,
        tree -> assertThat(tree.root()).isEqualTo(tmp));
  }

  private static GenerationManifest manifest(String corpusRoot, CorpusSource source) {
    return new GenerationManifest(1, 1, "segments_1", "2026-01-01T00:00:00Z", corpusRoot, "stamp", 1, 1, Map.of(),
        null, Map.of(), 0, 1, null, source);
  }
}
