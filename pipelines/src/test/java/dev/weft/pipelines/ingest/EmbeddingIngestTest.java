package dev.weft.pipelines.ingest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.weft.context.IndexLocation;
import dev.weft.context.Kind;
import dev.weft.context.QueryVector;
import dev.weft.context.RecallMode;
import dev.weft.context.RecallRequest;
import dev.weft.context.embed.Embedder;
import dev.weft.context.embed.EmbedderIdentity;
import dev.weft.context.embed.EmbedderSpec;
import dev.weft.context.embed.EmbeddingException;
import dev.weft.index.CorpusIndex;
import dev.weft.index.CorpusSearcher;
import dev.weft.index.EmbedderMismatchException;
import dev.weft.models.hash.HashEmbedderSpec;
import dev.weft.pipelines.Runner;
import dev.weft.transforms.export.ChunkFiles;
import dev.weft.transforms.export.ChunkRow;
import dev.weft.transforms.export.ExportFormat;
import dev.weft.transforms.ingest.PathScope;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Embeddings on the in-process path: reuse across runs, the failure path and embed-missing. */
class EmbeddingIngestTest {
  static final HashEmbedderSpec HASH = new HashEmbedderSpec(64);

  @TempDir Path tmp;
  Path root;
  Path indexDir;

  @BeforeEach
  void setUp() {
    root = Corpora.copyGolden(tmp.resolve("corpus"));
    indexDir = tmp.resolve("index");
  }

  private IngestReport ingest(EmbedderSpec spec) {
    return new Ingester().run(IngestRequest.directory(root,
        IndexLocation.of(indexDir)).runner(Runner.INPROCESS).embedder(spec)
        .build());
  }

  @Test
  void aRunWithAnotherModelIsRefusedUnlessItReplacesEveryVector() throws IOException {
    ingest(HASH);
    Files.writeString(root.resolve("docs/guide.md"), "# Guide\n\nRewritten.\n");
    HashEmbedderSpec other = new HashEmbedderSpec(32);

    assertThatThrownBy(() -> ingest(other))
        .isInstanceOf(EmbedderMismatchException.class)
        .hasMessageContaining("asked for hash-trigram-v1/32")
        .hasMessageContaining("hash-trigram-v1/64");
    assertThatThrownBy(() -> new Ingester().run(IngestRequest.directory(root,
        IndexLocation.of(indexDir)).runner(Runner.INPROCESS)
        .embedder(other).force(true).scope(new PathScope(List.of("docs"))).build()))
        .as("a scoped --force leaves the other files' vectors").isInstanceOf(EmbedderMismatchException.class);

    IngestReport switched = new Ingester().run(IngestRequest.directory(root,
        IndexLocation.of(indexDir)).runner(Runner.INPROCESS)
        .embedder(other).force(true).build());
    assertThat(switched.counter("embedded")).isEqualTo(switched.counter("chunks"));
    try (CorpusIndex index = CorpusIndex.openExisting(IndexLocation.of(indexDir));
            CorpusSearcher searcher = index.searcher()) {
      assertThat(searcher.vectorCensus().identity()).contains(other.identity());
    }
  }

  @Test
  void unchangedChunksAreNeverEmbeddedTwice() throws IOException {
    IngestReport first = ingest(HASH);
    assertThat(first.counter("embedded")).isEqualTo(first.counter("chunks")).isEqualTo(22);

    Files.writeString(root.resolve("docs/guide.md"),
        Files.readString(root.resolve("docs/guide.md")) + "\n## Backups\n\nNightly snapshots go offsite.\n");
    IngestReport second = ingest(HASH);

    assertThat(second.counter("updated")).isEqualTo(1);
    assertThat(second.counter("embedded")).as("only the new section").isEqualTo(1);
    assertThat(second.counter("vectors_reused")).isEqualTo(second.counter("chunks") - 1);
    try (CorpusIndex index = CorpusIndex.openExisting(IndexLocation.of(indexDir));
            CorpusSearcher searcher = index.searcher()) {
      assertThat(searcher.vectorCensus().chunksWithoutVectors()).isZero();
      Embedder embedder = HASH.create();
      QueryVector query = new QueryVector(HASH.identity(), embedder.embed(List.of("offsite snapshots")).get(0));
      var hits = searcher.recall(RecallRequest.of("offsite snapshots").withMode(RecallMode.HYBRID), query)
          .groups().get(Kind.DOC);
      assertThat(hits.get(0).path()).isEqualTo("docs/guide.md");
      assertThat(hits.get(0).cosine()).isNotNull();
    }
  }

  @Test
  void exportParquetWritesTheRunsChunksWithTheirVectors() {
    Path dataset = tmp.resolve("dataset");
    IngestReport report = new Ingester().run(IngestRequest.directory(root,
        IndexLocation.of(indexDir)).runner(Runner.INPROCESS)
        .embedder(HASH).exportParquet(dataset).build());

    List<ChunkRow> rows = ChunkFiles.readRows(dataset, ExportFormat.PARQUET);
    assertThat(rows).hasSize((int) report.counter("chunks"));
    assertThat(rows).allMatch(ChunkRow::hasVector);
    assertThat(rows).extracting(r -> r.identity()).containsOnly(HASH.identity());
  }

  @Test
  void failedBatchesKeepTheirChunksAndEmbedMissingFillsThemOnce() {
    IngestReport report = ingest(new FailingSpec());

    assertThat(report.counter("chunks")).isEqualTo(22);
    assertThat(report.counter("embed_failed")).isEqualTo(22);
    try (CorpusIndex index = CorpusIndex.openExisting(IndexLocation.of(indexDir));
            CorpusSearcher searcher = index.searcher()) {
      assertThat(searcher.stats().totalChunks()).isEqualTo(22);
      assertThat(searcher.vectorCensus().chunksWithoutVectors()).isEqualTo(22);
    }

    CountingSpec counting = new CountingSpec();
    IngestReport filled = EmbedMissing.run(IndexLocation.of(indexDir), counting, 8, 5);
    assertThat(filled.published()).isTrue();
    assertThat(filled.counter("embedded")).isEqualTo(22);

    CountingSpec second = new CountingSpec();
    IngestReport again = EmbedMissing.run(IndexLocation.of(indexDir), second, 8, 5);
    assertThat(again.published()).isFalse();
    assertThat(again.counter("embedded")).isZero();
    assertThat(second.created).as("nothing missing: no embedder is even built").hasValue(0);
  }

  @Test
  void embedMissingRefusesAnotherModelNamingTheIdentities() {
    ingest(HASH);

    assertThatThrownBy(() -> EmbedMissing.run(IndexLocation.of(indexDir), new HashEmbedderSpec(32), 8, 5))
        .isInstanceOf(EmbedderMismatchException.class)
        .hasMessageContaining("hash-trigram-v1/32").hasMessageContaining("hash-trigram-v1/64");
  }

  /** An embedder whose every batch fails, as an unreachable HTTP endpoint would after its retries. */
  static final class FailingSpec implements EmbedderSpec {
    @Override
    public EmbedderIdentity identity() {
      return HASH.identity();
    }

    @Override
    public Embedder create() {
      return new Embedder() {
        @Override
        public EmbedderIdentity identity() {
          return HASH.identity();
        }

        @Override
        public List<float[]> embed(List<String> texts) {
          throw new EmbeddingException("endpoint unreachable");
        }
      };
    }
  }

  /** The hash embedder, counting how often it is built. */
  static final class CountingSpec implements EmbedderSpec {
    final AtomicInteger created = new AtomicInteger();

    @Override
    public EmbedderIdentity identity() {
      return HASH.identity();
    }

    @Override
    public Embedder create() {
      created.incrementAndGet();
      return HASH.create();
    }
  }
}
