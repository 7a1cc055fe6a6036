package dev.weft.pipelines.ingest;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.context.IndexLocation;
import dev.weft.context.generation.GenerationManifest;
import dev.weft.index.CorpusIndex;
import dev.weft.pipelines.Runner;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What runs leave behind goes with their generation, or with the next run that holds the write lock. */
class LeftoversTest {
  @TempDir Path tmp;
  Path root;
  Path indexDir;
  IngestRequest keepOne;

  @BeforeEach
  void setUp() {
    root = Corpora.copyGolden(tmp.resolve("corpus"));
    indexDir = tmp.resolve("index");
    keepOne = IngestRequest.directory(root,
        IndexLocation.of(indexDir)).runner(Runner.INPROCESS).keepGenerations(1).build();
  }

  @Test
  void deadLettersArePrunedWithTheirGeneration() throws IOException {
    Files.write(root.resolve("docs/first.md"), new byte[] {'P', 'K', 3, 4, 0, 0, 1});
    assertThat(new Ingester().run(keepOne).deadLetterFile()).isEqualTo(indexDir.resolve("deadletters/gen-1.jsonl"));
    Files.write(root.resolve("docs/second.md"), new byte[] {'P', 'K', 3, 4, 0, 0, 2});

    IngestReport second = new Ingester().run(keepOne);

    assertThat(second.generation()).isEqualTo(2);
    assertThat(indexDir.resolve("deadletters/gen-2.jsonl")).exists();
    assertThat(indexDir.resolve("deadletters/gen-1.jsonl")).doesNotExist();
  }

  @Test
  void theStagingDirectoryOfAKilledBeamRunIsRemovedByTheNextRun() throws IOException {
    new Ingester().run(keepOne);
    Path abandoned = indexDir.resolve("staging/run-1700000000000/shard-0");
    Files.createDirectories(abandoned);
    Files.writeString(abandoned.resolve("_0.cfs"), "a copy of the run's shard");

    new Ingester().run(keepOne);

    assertThat(indexDir.resolve("staging/run-1700000000000")).doesNotExist();
  }

  @Test
  void aManifestOfARunKilledBeforeTheSwapIsNeitherKeptNorServable() throws IOException {
    new Ingester().run(keepOne);
    Files.copy(indexDir.resolve("generations/1.json"), indexDir.resolve("generations/2.pending.json"));
    Files.writeString(root.resolve("docs/new.md"), "# New\n\nquokka\n");

    IngestReport next = new Ingester().run(keepOne);

    assertThat(next.notes()).containsExactly("discarded generation 2: its run died before serving it");
    // a number never served is free again, as after a run that died between commit and publish
    assertThat(next.generation()).isEqualTo(2);
    try (CorpusIndex index = CorpusIndex.openExisting(IndexLocation.of(indexDir))) {
      assertThat(index.generations()).extracting(GenerationManifest::generation).containsExactly(2L);
      assertThat(index.fileStates()).containsKey("docs/new.md");
    }
    assertThat(indexDir.resolve("generations/2.pending.json")).doesNotExist();
  }
}
