package dev.weft.transforms.beam;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.weft.context.Chunk;
import dev.weft.index.ShardWriter;
import dev.weft.transforms.ingest.FileOutcome;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import org.apache.beam.sdk.Pipeline;
import org.apache.beam.sdk.coders.SerializableCoder;
import org.apache.beam.sdk.testing.PAssert;
import org.apache.beam.sdk.transforms.Create;
import org.apache.beam.sdk.transforms.windowing.FixedWindows;
import org.apache.beam.sdk.transforms.windowing.Window;
import org.apache.beam.sdk.values.TimestampedValue;
import org.apache.beam.sdk.values.PCollection;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.StoredFields;
import org.apache.lucene.store.FSDirectory;
import org.joda.time.Duration;
import org.joda.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class WriteIndexShardsTest {
  // CRC-32 of the path's UTF-8 bytes mod 1024, worked out once by hand
  private static final int PINNED_GUIDE_1024 = 930;
  private static final int PINNED_GREETER_1024 = 362;

  @TempDir Path root;
  @TempDir Path staging;

  @Test
  void writesEachFileIntoTheShardOfItsPathAndOutputsTheShardDirs() throws Exception {
    List<FileOutcome.Chunked> files = chunkedFixtures();
    int shards = 3;
    Map<Integer, TreeSet<String>> expected = new TreeMap<>();
    for (FileOutcome.Chunked file : files) {
      TreeSet<String> ids = expected.computeIfAbsent(WriteIndexShards.shardOf(file.path(), shards), k -> new TreeSet<>());
      file.chunks().stream().map(Chunk::id).forEach(ids::add);
    }
    List<String> expectedDirs = new ArrayList<>();
    expected.keySet().forEach(k -> expectedDirs.add(staging.resolve("shard-" + k) + "/"));

    Pipeline pipeline = BeamFixtures.directPipeline();
    PCollection<String> dirs = pipeline
        .apply("Files", Create.of(files).withCoder(SerializableCoder.of(FileOutcome.Chunked.class)))
        .apply("WriteIndexShards", WriteIndexShards.to(staging.toString()).withShards(shards));
    PAssert.that(dirs).containsInAnyOrder(expectedDirs);
    pipeline.run().waitUntilFinish();

    for (Map.Entry<Integer, TreeSet<String>> shard : expected.entrySet()) {
      assertThat(chunkIds(staged(shard.getKey()))).isEqualTo(shard.getValue());
    }
  }

  @Test
  void aRetriedShardReplacesTheEarlierAttemptWholeThroughItsMarker() throws Exception {
    List<FileOutcome.Chunked> files = chunkedFixtures();
    // an earlier attempt that finished with other content: its marker must be replaced, not merged with
    Path earlier = Files.createDirectories(root.resolveSibling(root.getFileName() + "-earlier"));
    try (ShardWriter writer = ShardWriter.create(earlier)) {
      writer.write(files.get(0).state(), files.get(0).chunks(), files.get(0).vectors());
    }
    StagedShards.upload(earlier, WriteIndexShards.shardDir(staging.toString(), 0));

    Pipeline pipeline = BeamFixtures.directPipeline();
    pipeline
        .apply("Files", Create.of(files).withCoder(SerializableCoder.of(FileOutcome.Chunked.class)))
        .apply("WriteIndexShards", WriteIndexShards.to(staging.toString()).withShards(1));
    pipeline.run().waitUntilFinish();

    TreeSet<String> all = new TreeSet<>();
    files.forEach(f -> f.chunks().forEach(c -> all.add(c.id())));
    assertThat(StagedShards.completed(StagedShards.directory(staging.toString()))).hasSize(1);
    assertThat(chunkIds(staged(0))).isEqualTo(all);
  }

  @Test
  void aDownloadedShardHoldsTheFinishedAttemptsIndex() throws Exception {
    List<FileOutcome.Chunked> files = chunkedFixtures();
    Path built = Files.createDirectories(root.resolveSibling(root.getFileName() + "-built"));
    try (ShardWriter writer = ShardWriter.create(built)) {
      writer.write(files.get(1).state(), files.get(1).chunks(), files.get(1).vectors());
    }
    StagedShards.upload(built, WriteIndexShards.shardDir(staging.toString(), 2));
    Path local = root.resolveSibling(root.getFileName() + "-downloaded");

    StagedShards.download(WriteIndexShards.shardDir(staging.toString(), 2), local);

    TreeSet<String> ids = new TreeSet<>();
    files.get(1).chunks().forEach(c -> ids.add(c.id()));
    assertThat(chunkIds(local)).isEqualTo(ids);
  }

  @Test
  void aShardWithoutItsCompletionMarkerIsNotListed() throws Exception {
    Path attempt = Files.createDirectories(staging.resolve("shard-3/attempt-killed"));
    Files.writeString(attempt.resolve("_0.cfs"), "half of an upload");

    assertThat(StagedShards.completed(StagedShards.directory(staging.toString()))).isEmpty();
  }

  /** The local directory of the finished attempt of shard {@code k}. */
  private Path staged(int k) throws IOException {
    return StagedShards.localAttempt(WriteIndexShards.shardDir(staging.toString(), k));
  }

  @Test
  void shardOfIsAStableHashOfThePath() {
    // Pinned values: changing the hash would move files between shards of runs that must agree.
    assertThat(WriteIndexShards.shardOf("docs/guide.md", 1)).isZero();
    assertThat(WriteIndexShards.shardOf("docs/guide.md", 1024)).isEqualTo(PINNED_GUIDE_1024);
    assertThat(WriteIndexShards.shardOf("src/Greeter.java", 1024)).isEqualTo(PINNED_GREETER_1024);
    for (int shards = 1; shards < 50; shards++) {
      assertThat(WriteIndexShards.shardOf("src/Greeter.java", shards)).isBetween(0, shards - 1);
    }
  }

  @Test
  void perWindowStagesEachWindowsShardsUnderItsOwnDirectory() throws Exception {
    List<FileOutcome.Chunked> files = chunkedFixtures();
    String guide = staging.resolve("window-1000/shard-0") + "/";
    String greeter = staging.resolve("window-2000/shard-0") + "/";

    Pipeline pipeline = BeamFixtures.directPipeline();
    PCollection<String> dirs = pipeline
        .apply("Files", Create.timestamped(TimestampedValue.of(files.get(0), new Instant(0)),
                TimestampedValue.of(files.get(1), new Instant(1500)))
            .withCoder(SerializableCoder.of(FileOutcome.Chunked.class)))
        .apply("Windows", Window.into(FixedWindows.of(Duration.standardSeconds(1))))
        .apply("WriteIndexShards", WriteIndexShards.to(staging.toString()).withShards(1).perWindow());
    PAssert.that(dirs).containsInAnyOrder(guide, greeter);
    pipeline.run().waitUntilFinish();

    assertThat(WriteIndexShards.windowDir(staging.toString(), 1000)).isEqualTo(staging.resolve("window-1000") + "/");
    assertThat(chunkIds(StagedShards.localAttempt(StagedShards.directory(guide))))
        .isEqualTo(new TreeSet<>(files.get(0).chunks().stream().map(Chunk::id).toList()));
    assertThat(chunkIds(StagedShards.localAttempt(StagedShards.directory(greeter))))
        .isEqualTo(new TreeSet<>(files.get(1).chunks().stream().map(Chunk::id).toList()));
  }

  @Test
  void perWindowRefusesTheGlobalWindowNamingTheFix() throws Exception {
    List<FileOutcome.Chunked> files = chunkedFixtures();
    Pipeline pipeline = BeamFixtures.directPipeline();
    pipeline.apply("Files", Create.of(files).withCoder(SerializableCoder.of(FileOutcome.Chunked.class)))
        .apply("WriteIndexShards", WriteIndexShards.to(staging.toString()).perWindow());

    assertThatThrownBy(() -> pipeline.run().waitUntilFinish())
        .hasMessageContaining("WriteIndexShards.perWindow() needs interval windows (FixedWindows), got: ")
        .hasMessageContaining("window the input with Window.into(FixedWindows.of(...)) first");
  }

  @Test
  void settersAreValidatedAndOrderIndependent() {
    WriteIndexShards transform = WriteIndexShards.to("/staging");
    assertThat(transform.shards()).isEqualTo(WriteIndexShards.DEFAULT_SHARDS);
    assertThat(transform.withShards(9).stagingDir()).isEqualTo("/staging");
    assertThat(transform.withShards(9).shards()).isEqualTo(9);

    assertThatThrownBy(() -> WriteIndexShards.to("/staging").withShards(0))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("shards must be at least 1, got: 0");
    assertThatThrownBy(() -> WriteIndexShards.to(""))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("staging dir must be a non-blank path, got: \"\"");
    assertThatThrownBy(() -> WriteIndexShards.shardOf("a", -2))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("shards must be at least 1, got: -2");
  }

  private List<FileOutcome.Chunked> chunkedFixtures() throws IOException {
    BeamFixtures.writeCorpus(root);
    return List.of(
        (FileOutcome.Chunked) BeamFixtures.processDirectly(root, BeamFixtures.GUIDE),
        (FileOutcome.Chunked) BeamFixtures.processDirectly(root, BeamFixtures.GREETER));
  }

  /** The stored ids of the chunk documents of a shard (file-state documents have no id). */
  static TreeSet<String> chunkIds(Path shardDir) throws IOException {
    TreeSet<String> ids = new TreeSet<>();
    try (FSDirectory dir = FSDirectory.open(shardDir); DirectoryReader reader = DirectoryReader.open(dir)) {
      StoredFields stored = reader.storedFields();
      for (int doc = 0; doc < reader.maxDoc(); doc++) {
        String id = stored.document(doc).get("id");
        if (id != null) {
          ids.add(id);
        }
      }
    }
    return ids;
  }
}
