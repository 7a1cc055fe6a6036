package dev.weft.api;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.context.Kind;
import dev.weft.context.RecallMode;
import dev.weft.context.RecallRequest;
import dev.weft.context.RecallResult;
import dev.weft.context.generation.CorpusSource;
import dev.weft.context.generation.GenerationManifest;
import dev.weft.pipelines.Runner;
import dev.weft.pipelines.ingest.IngestReport;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Runs that write: generations, rollback, embedding at ingest and after it. */
class WeftGenerationsTest {
  @TempDir Path tmp;

  @Test
  void aSecondRunPublishesAGenerationAndRollbackServesTheFirstAgain() throws IOException {
    Path root = Golden.copy(tmp.resolve("corpus"));
    try (Weft weft = Weft.open(tmp.resolve("index"))) {
      weft.index(IndexRun.tree(root).runner(Runner.INPROCESS).build());
      Files.writeString(root.resolve("docs/zebra.md"), "# Zebras\n\nStriped animals of the savanna.\n");
      IndexOutcome second = weft.index(IndexRun.tree(root).runner(Runner.INPROCESS).build());
      assertThat(second.ingest().generation()).isEqualTo(2);
      assertThat(zebras(weft)).as("the reader follows CURRENT").isEqualTo(1);

      Generations generations = weft.generations();
      assertThat(generations.kept()).extracting(GenerationManifest::generation).containsExactly(2L, 1L);
      assertThat(generations.served()).isEqualTo(2);
      assertThat(generations.kept().get(0).source())
          .isEqualTo(CorpusSource.files(root.toAbsolutePath().normalize().toString()));
      generations.requireIntact();

      GenerationManifest served = weft.rollback(1, Duration.ZERO);
      assertThat(served.generation()).isEqualTo(1);
      assertThat(weft.generations().served()).isEqualTo(1);
      assertThat(zebras(weft)).as("the rolled-back generation has no zebras").isZero();
    }
  }

  @Test
  void aBareEmbedUsesTheIndexModelAndEmbedsTheChunksTheRunDidNotTouch() throws IOException {
    Path root = Golden.copy(tmp.resolve("corpus"));
    try (Weft weft = Weft.open(tmp.resolve("index"))) {
      weft.index(IndexRun.tree(root).runner(Runner.INPROCESS).embedder("hash:32").build());
      // an index embedded with hash:32, then a file added and a second model asked for by name nowhere
      Files.writeString(root.resolve("docs/zebra.md"), "# Zebras\n\nStriped animals of the savanna.\n");
      IndexOutcome bare = weft.index(IndexRun.tree(root).runner(Runner.INPROCESS).embed(true).build());

      assertThat(bare.fill()).as("every chunk already has a vector").isEmpty();
      assertThat(weft.stats().vectors().chunksByEmbedder()).containsOnlyKeys("hash-trigram-v1/32");
      assertThat(weft.stats().vectors().chunksWithoutVectors()).isZero();

      RecallResult dense = weft.recall(new RecallRequest("striped savanna animals", Set.of(Kind.DOC), 3, true)
          .withMode(RecallMode.DENSE));
      assertThat(dense.hits()).isNotEmpty().allSatisfy(hit -> assertThat(hit.cosine()).isNotNull());
    }
  }

  @Test
  void embeddingAnIndexBuiltWithoutVectorsFillsTheUntouchedChunksInASecondGeneration() throws IOException {
    Path root = Golden.copy(tmp.resolve("corpus"));
    try (Weft weft = Weft.open(tmp.resolve("index"))) {
      weft.index(IndexRun.tree(root).runner(Runner.INPROCESS).build());
      Files.writeString(root.resolve("docs/zebra.md"), "# Zebras\n\nStriped animals of the savanna.\n");

      IndexOutcome outcome = weft.index(IndexRun.tree(root).runner(Runner.INPROCESS).embedder("hash:16")
          .build());

      assertThat(outcome.ingest().generation()).isEqualTo(2);
      assertThat(outcome.fill()).map(IngestReport::generation).contains(3L);
      assertThat(outcome.reports()).hasSize(2);
      assertThat(weft.stats().vectors().chunksWithoutVectors()).isZero();
      assertThat(weft.embedMissing(null, 8, Duration.ZERO).published()).as("nothing left to fill").isFalse();
    }
  }

  @Test
  void embedMissingUsesTheModelTheLastRunAskedFor() {
    Path root = Golden.copy(tmp.resolve("corpus"));
    try (Weft weft = Weft.open(tmp.resolve("index"))) {
      weft.index(IndexRun.tree(root).runner(Runner.INPROCESS).build());

      IngestReport filled = weft.embedMissing("hash:8", 4, Duration.ZERO);

      assertThat(filled.published()).isTrue();
      assertThat(weft.stats().vectors().chunksByEmbedder()).containsOnlyKeys("hash-trigram-v1/8");
    }
  }

  private static int zebras(Weft weft) {
    return weft.recall(new RecallRequest("zebras savanna", Set.of(Kind.DOC), 5, true)).hits().stream()
        .filter(hit -> hit.path().equals("docs/zebra.md")).toList().size();
  }
}
