package dev.weft.pipelines.ingest.beam;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.weft.context.Chunk;
import dev.weft.context.DeadLetter;
import dev.weft.pipelines.ingest.IngestStamp;
import dev.weft.transforms.beam.WriteIndexShards;
import dev.weft.transforms.ingest.FileOutcome;
import dev.weft.transforms.ingest.FileProcessor;
import dev.weft.transforms.ingest.SourceReader;
import dev.weft.transforms.route.Router;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import org.apache.beam.runners.flink.FlinkPipelineOptions;
import org.apache.beam.runners.flink.FlinkRunner;
import org.apache.beam.sdk.options.PipelineOptionsFactory;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.StoredFields;
import org.apache.lucene.store.FSDirectory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class IngestPipelineTest {
  private static final String GUIDE = "docs/guide.md";
  private static final String GREETER = "src/Greeter.java";
  private static final String NOTES = "notes.md";
  private static final String BLOB = "assets/blob.md";
  private static final List<String> PATHS = List.of(GUIDE, GREETER, NOTES, BLOB);
  private static final int SHARDS = 3;

  @TempDir Path root;
  @TempDir Path staging;

  @Test
  void writesEveryChunkIntoTheShardOfItsFileAndDeadLettersTheBinaryFile() throws Exception {
    writeCorpus();

    BeamIngestOutput output = IngestPipeline.run(options("--shards=" + SHARDS), PATHS);

    Map<Integer, TreeSet<String>> expected = expectedIdsByShard(List.of(GUIDE, GREETER, NOTES));
    assertThat(output.shardDirs()).extracting(dir -> dir.getParent().getFileName().toString())
        .containsExactlyElementsOf(expected.keySet().stream().map(k -> "shard-" + k).toList());
    List<Path> dirs = output.shardDirs();
    int i = 0;
    for (Map.Entry<Integer, TreeSet<String>> shard : expected.entrySet()) {
      assertThat(dirs.get(i++)).startsWith(staging);
      assertThat(chunkIds(dirs.get(i - 1))).isEqualTo(shard.getValue());
    }
    assertThat(output.chunks()).isEqualTo(expected.values().stream().mapToInt(TreeSet::size).sum());
    assertThat(output.emptyFiles()).isZero();
    assertThat(output.deadLetters()).hasSize(1);
    DeadLetter blob = output.deadLetters().get(0);
    assertThat(blob.path()).isEqualTo(BLOB);
    assertThat(blob.stage()).isEqualTo("read");
    assertThat(blob.reason()).isEqualTo("binary");
    assertThat(blob.detail()).contains("NUL");
  }

  @Test
  void anEmptyChangeSetWritesNothingAndALaterRunReplacesEarlierShards() throws Exception {
    writeCorpus();
    IngestPipeline.run(options("--shards=" + SHARDS), PATHS);

    BeamIngestOutput empty = IngestPipeline.run(options("--shards=1"), List.of());

    assertThat(empty.shardDirs()).isEmpty();
    assertThat(empty.deadLetters()).isEmpty();
    assertThat(empty.chunks()).isZero();
    try (var entries = Files.list(staging)) {
      assertThat(entries.map(p -> p.getFileName().toString())).noneMatch(n -> n.startsWith("shard-"));
    }
  }

  @Test
  void optionsHaveDefaultsRequireARootAndAcceptFlinkOptions() {
    IngestOptions defaults = PipelineOptionsFactory.fromArgs("--root=/corpus").as(IngestOptions.class);
    assertThat(defaults.getShards()).isEqualTo(WriteIndexShards.DEFAULT_SHARDS);
    assertThat(defaults.getMaxFileBytes()).isEqualTo(SourceReader.DEFAULT_MAX_BYTES);
    assertThat(defaults.getExtensions()).isEmpty();
    assertThat(defaults.getStaging()).isNull();
    String staging = IngestPipeline.staging(defaults);
    assertThat(Path.of(defaults.getStaging())).as("one directory for the whole run").isDirectory();
    assertThat(IngestPipeline.staging(defaults)).isEqualTo(staging);

    assertThatThrownBy(() -> PipelineOptionsFactory.fromArgs("--shards=2").withValidation().as(IngestOptions.class))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("--root");

    IngestOptions flink = PipelineOptionsFactory
        .fromArgs("--runner=FlinkRunner", "--flinkMaster=[local]", "--parallelism=2", "--root=/corpus")
        .withValidation()
        .as(IngestOptions.class);
    assertThat(flink.getRunner()).isEqualTo(FlinkRunner.class);
    assertThat(flink.as(FlinkPipelineOptions.class).getFlinkMaster()).isEqualTo("[local]");
    assertThat(flink.as(FlinkPipelineOptions.class).getParallelism()).isEqualTo(2);
  }

  @Test
  void badOptionValuesAreRefusedBeforeAnythingRuns() {
    assertThatThrownBy(() -> IngestPipeline.buildPipeline(options("--shards=0"), List.of()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("shards must be at least 1, got: 0");
    assertThatThrownBy(() -> IngestPipeline.buildPipeline(options("--maxFileBytes=0"), List.of()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("max file bytes must be at least 1, got: 0");
  }

  @Test
  void theRootIsALocalPathOrAFileUriAndAnyOtherSchemeIsRefusedNamingTheOption() throws Exception {
    writeCorpus();
    IngestOptions byUri = PipelineOptionsFactory.fromArgs("--runner=DirectRunner", "--root=" + root.toUri(),
        "--staging=" + staging.toUri()).withValidation().as(IngestOptions.class);

    assertThat(IngestPipeline.root(byUri)).isEqualTo(root.toAbsolutePath().normalize());
    assertThat(IngestPipeline.run(byUri, List.of(GUIDE)).chunks()).isPositive();
    IngestOptions remote = PipelineOptionsFactory.fromArgs("--runner=DirectRunner", "--root=gs://bucket/corpus",
        "--staging=" + staging.toUri()).withValidation().as(IngestOptions.class);
    assertThatThrownBy(() -> IngestPipeline.buildPipeline(remote, List.of(GUIDE)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("--root must be a local path or a file: URI, got: gs://bucket/corpus; ");
  }

  private IngestOptions options(String... extra) {
    List<String> args = new ArrayList<>(List.of(
        "--runner=DirectRunner", "--root=" + root, "--staging=" + staging.toUri()));
    args.addAll(List.of(extra));
    return PipelineOptionsFactory.fromArgs(args.toArray(String[]::new)).withValidation().as(IngestOptions.class);
  }

  /** The ids the plain processor gives, grouped by the shard each file must land in. */
  private Map<Integer, TreeSet<String>> expectedIdsByShard(List<String> paths) {
    FileProcessor processor = new FileProcessor(root.toString(), Router.defaults(), SourceReader.withDefaults(),
        IngestStamp.CURRENT);
    Map<Integer, TreeSet<String>> byShard = new TreeMap<>();
    for (String path : paths) {
      FileOutcome.Chunked chunked = (FileOutcome.Chunked) processor.process(path);
      assertThat(chunked.chunks()).as("chunks of %s", path).isNotEmpty();
      TreeSet<String> ids = byShard.computeIfAbsent(WriteIndexShards.shardOf(path, SHARDS), k -> new TreeSet<>());
      chunked.chunks().stream().map(Chunk::id).forEach(ids::add);
    }
    return byShard;
  }

  private static TreeSet<String> chunkIds(Path shardDir) throws IOException {
    TreeSet<String> ids = new TreeSet<>();
    try (FSDirectory dir = FSDirectory.open(shardDir); DirectoryReader reader = DirectoryReader.open(dir)) {
      StoredFields stored = reader.storedFields();
      for (int doc = 0; doc < reader.maxDoc(); doc++) {
        String id = stored.document(doc).get("id"); // only chunk documents carry an id
        if (id != null) {
          ids.add(id);
        }
      }
    }
    return ids;
  }

  private void writeCorpus() throws IOException {
    write(GUIDE, "# Guide\n\nWeft indexes a corpus into Lucene shards.\n\n## Install\n\nRun the build once.\n");
    write(GREETER, """
        package demo;

        /** Says hello. */
        public class Greeter {
          public String greet(String name) {
            return "hello " + name;
          }
        }
        """);
    write(NOTES, "# Notes\n\nShards are merged into the corpus index by the caller.\n");
    Path blob = root.resolve(BLOB);
    Files.createDirectories(blob.getParent());
    Files.write(blob, new byte[] {'#', ' ', 0, 1, 2, 3, 0, 'z'});
  }

  private void write(String relPath, String text) throws IOException {
    Path file = root.resolve(relPath);
    Files.createDirectories(file.getParent());
    Files.writeString(file, text, StandardCharsets.UTF_8);
  }
}
