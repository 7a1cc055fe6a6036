package dev.weft.pipelines.ingest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.weft.context.Chunk;
import dev.weft.context.ChunkVectors;
import dev.weft.context.FileState;
import dev.weft.context.Kind;
import dev.weft.context.embed.EmbedderIdentity;
import dev.weft.models.EmbedderSpecs;
import dev.weft.pipelines.ingest.beam.BeamIngestOutput;
import dev.weft.pipelines.ingest.beam.IngestOptions;
import dev.weft.pipelines.ingest.beam.IngestPipeline;
import dev.weft.transforms.export.ChunkFiles;
import dev.weft.transforms.export.ChunkRow;
import dev.weft.transforms.export.ExportFormat;
import dev.weft.transforms.ingest.CorpusLister;
import dev.weft.transforms.ingest.FileOutcome;
import dev.weft.transforms.ingest.FileProcessor;
import dev.weft.transforms.ingest.ListedFile;
import dev.weft.transforms.ingest.SourceReader;
import dev.weft.transforms.route.Router;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.apache.beam.sdk.options.PipelineOptionsFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code --export-parquet}: the in-process {@link ParquetExport} and the Beam branch write the same rows. */
class ParquetExportTest {
  private static final EmbedderIdentity IDENTITY = new EmbedderIdentity("hash-test", 3);

  @TempDir Path tmp;

  @Test
  void theBeamPipelineWritesEveryChunkOfTheRunAndNoDeadLetter() throws IOException {
    Path root = Corpora.copyGolden(tmp.resolve("corpus"));
    Files.write(root.resolve("docs/blob.md"), new byte[] {'#', ' ', 0, 1, 2, 0});
    Path export = tmp.resolve("export");
    List<String> paths = listed(root);

    BeamIngestOutput output = IngestPipeline.run(options(root, export, "--shards=2"), paths);

    List<ChunkRow> rows = ChunkFiles.readRows(export, ExportFormat.PARQUET);
    assertThat(rows).containsExactlyInAnyOrderElementsOf(expectedRows(root, paths));
    assertThat((long) rows.size()).isEqualTo(output.chunks());
    assertThat(rows).noneMatch(r -> r.chunk().path().equals("docs/blob.md"));
    assertThat(output.deadLetters()).extracting(d -> d.path()).containsExactly("docs/blob.md");
    try (var files = Files.list(export)) {
      // FileIO's temporary directory is gone: the directory holds the dataset and nothing else
      assertThat(files.map(f -> f.getFileName().toString()))
          .isNotEmpty()
          .allMatch(name -> name.matches("chunks-\\d{5}-of-\\d{5}\\.parquet"));
    }
  }

  @Test
  void anEmptyBeamRunLeavesAnEmptyDataset() throws IOException {
    Path root = Corpora.copyGolden(tmp.resolve("corpus"));
    Path export = tmp.resolve("export");
    IngestPipeline.run(options(root, export), listed(root));

    IngestPipeline.run(options(root, export), List.of());

    // FileIO writes no file for no input; the run leaves one empty file so readers still open the directory
    assertThat(ChunkFiles.list(export, ExportFormat.PARQUET)).extracting(p -> p.getFileName().toString())
        .containsExactly("chunks-00000-of-00001.parquet");
    assertThat(ChunkFiles.readRows(export, ExportFormat.PARQUET)).isEmpty();
  }

  @Test
  void theBeamPipelineExportsTheVectorsEmbedChunksMade() throws IOException {
    Path root = Corpora.copyGolden(tmp.resolve("corpus"));
    Path export = tmp.resolve("export");
    List<String> paths = listed(root);
    EmbedderIdentity identity = EmbedderSpecs.parse("hash:16").identity();

    IngestPipeline.run(options(root, export, "--embedder=hash:16"), paths);

    List<ChunkRow> rows = ChunkFiles.readRows(export, ExportFormat.PARQUET);
    assertThat(rows).extracting(ChunkRow::chunk)
        .containsExactlyInAnyOrderElementsOf(expectedRows(root, paths).stream().map(ChunkRow::chunk).toList());
    assertThat(rows).allSatisfy(row -> {
      assertThat(row.identity()).isEqualTo(identity);
      assertThat(row.vector()).hasSize(16);
    });
  }

  @Test
  void aLaterBeamRunReplacesTheDatasetWithItsOwnChunks() throws IOException {
    Path root = Corpora.copyGolden(tmp.resolve("corpus"));
    Path export = tmp.resolve("export");
    IngestPipeline.run(options(root, export), listed(root));

    IngestPipeline.run(options(root, export), List.of("docs/guide.md"));

    assertThat(ChunkFiles.readRows(export, ExportFormat.PARQUET))
        .containsExactlyInAnyOrderElementsOf(expectedRows(root, List.of("docs/guide.md")));
  }

  @Test
  void inProcessAndBeamWriteTheSameRows() throws Exception {
    Path root = Corpora.copyGolden(tmp.resolve("corpus"));
    List<String> paths = listed(root);
    Path beam = tmp.resolve("beam");
    IngestPipeline.run(options(root, beam), paths);

    Path inProcess = tmp.resolve("in-process");
    FileProcessor processor = processor(root);
    try (ParquetExport export = ParquetExport.open(inProcess)) {
      runConcurrently(2, paths, path -> {
        FileOutcome.Chunked chunked = (FileOutcome.Chunked) processor.process(path);
        export.write(chunked.state(), chunked.chunks());
      });
      assertThat(ChunkFiles.list(inProcess, ExportFormat.PARQUET)).as("nothing before commit").isEmpty();
      assertThat(export.commit()).isEqualTo(inProcess.resolve("chunks-00000-of-00001.parquet"));
    }

    assertThat(ChunkFiles.readRows(inProcess, ExportFormat.PARQUET))
        .containsExactlyInAnyOrderElementsOf(ChunkFiles.readRows(beam, ExportFormat.PARQUET));
  }

  @Test
  void vectorsAreWrittenWhereAChunkHasOne() {
    Chunk first = chunk(0);
    Chunk second = chunk(1);
    List<float[]> vectors = new ArrayList<>();
    vectors.add(new float[] {1, 0, 0.5f});
    vectors.add(null); // its batch failed: indexed, and exported, without a vector
    Path dir = tmp.resolve("export");
    try (ParquetExport export = ParquetExport.open(dir)) {
      export.write(state(2), List.of(first, second), ChunkVectors.of(IDENTITY, vectors));
      assertThat(export.chunks()).isEqualTo(2);
      export.commit();
    }
    assertThat(ChunkFiles.readRows(dir, ExportFormat.PARQUET)).containsExactly(
        new ChunkRow(first, IDENTITY, new float[] {1, 0, 0.5f}), ChunkRow.of(second));
  }

  @Test
  void aCommitReplacesEveryPreviousShardAndAnAbandonedRunKeepsThem() throws IOException {
    Path dir = tmp.resolve("export");
    Files.createDirectories(dir);
    Files.writeString(dir.resolve("chunks-00001-of-00002.parquet"), "left by an earlier run");
    Path unrelated = Files.writeString(dir.resolve("README.txt"), "mine");

    try (ParquetExport export = ParquetExport.open(dir)) {
      export.write(state(1), List.of(chunk(0)));
    } // closed without commit: the run failed
    assertThat(ChunkFiles.list(dir, ExportFormat.PARQUET)).extracting(p -> p.getFileName().toString())
        .containsExactly("chunks-00001-of-00002.parquet");

    try (ParquetExport export = ParquetExport.open(dir)) {
      export.write(state(1), List.of(chunk(0)));
      export.commit();
      assertThatThrownBy(() -> export.write(state(1), List.of(chunk(0))))
          .isInstanceOf(IllegalStateException.class)
          .hasMessageContaining("is committed");
    }
    assertThat(ChunkFiles.readRows(dir, ExportFormat.PARQUET)).containsExactly(ChunkRow.of(chunk(0)));
    assertThat(unrelated).exists();
  }

  @Test
  void refusesChunksOfAnotherFile() {
    Chunk other = new Chunk("b.md#0", "b.md", chunk(0).kind(), "markdown", null, "section", 0, 0, "x",
        chunk(0).contentHash());
    try (ParquetExport export = ParquetExport.open(tmp.resolve("export"))) {
      assertThatThrownBy(() -> export.write(state(1), List.of(other)))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessage("every chunk must belong to the file state's path a.md, got: b.md (chunk b.md#0)");
    }
  }

  @Test
  void theOptionDefaultsToNoExport() {
    IngestOptions defaults = PipelineOptionsFactory.fromArgs("--root=/corpus").as(IngestOptions.class);
    assertThat(defaults.getExportParquet()).isNull();
  }

  private static Chunk chunk(int ordinal) {
    return new Chunk("a.md#" + ordinal, "a.md", Kind.DOC, "markdown", "Part " + ordinal, "section",
        ordinal * 3, ordinal * 3 + 2, "# Part " + ordinal + "\n\ntext " + ordinal, "hash-a");
  }

  private static FileState state(int chunks) {
    return new FileState("a.md", Kind.DOC, "markdown", 1L, 10L, "hash-a", "stamp", chunks);
  }

  private static IngestOptions options(Path root, Path export, String... extra) {
    List<String> args = new ArrayList<>(List.of("--runner=DirectRunner", "--root=" + root,
        "--staging=" + root.resolveSibling("staging-" + export.getFileName()), "--exportParquet=" + export));
    args.addAll(List.of(extra));
    return PipelineOptionsFactory.fromArgs(args.toArray(String[]::new)).withValidation().as(IngestOptions.class);
  }

  private static List<String> listed(Path root) {
    return new CorpusLister(Router.defaults(), root.resolve(".weft")).list(root).stream()
        .map(ListedFile::path).toList();
  }

  private static FileProcessor processor(Path root) {
    return new FileProcessor(root.toString(), Router.defaults(), SourceReader.withDefaults(),
        IngestStamp.CURRENT);
  }

  /** What the plain processor gives for the paths that chunk. */
  private static List<ChunkRow> expectedRows(Path root, List<String> paths) {
    FileProcessor processor = processor(root);
    List<ChunkRow> rows = new ArrayList<>();
    for (String path : paths) {
      if (processor.process(path) instanceof FileOutcome.Chunked chunked) {
        rows.addAll(ChunkRow.allOf(chunked.chunks()));
      }
    }
    assertThat(rows).isNotEmpty();
    return rows;
  }

  interface PathTask {
    void run(String path) throws Exception;
  }

  /** Splits the paths over {@code threads} workers that all write at once. */
  private static void runConcurrently(int threads, List<String> paths, PathTask task) throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    try {
      List<Future<Void>> futures = new ArrayList<>();
      for (int t = 0; t < threads; t++) {
        int offset = t;
        Callable<Void> worker = () -> {
          for (int i = offset; i < paths.size(); i += threads) {
            task.run(paths.get(i));
          }
          return null;
        };
        futures.add(pool.submit(worker));
      }
      for (Future<Void> future : futures) {
        future.get();
      }
    } finally {
      pool.shutdownNow();
    }
  }
}
