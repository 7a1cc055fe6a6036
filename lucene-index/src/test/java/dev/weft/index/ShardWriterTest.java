package dev.weft.index;

import static dev.weft.index.TestCorpus.span;
import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.context.ChunkVectors;
import dev.weft.context.IndexLocation;
import dev.weft.context.Kind;
import dev.weft.context.QueryVector;
import dev.weft.context.RecallMode;
import dev.weft.context.RecallRequest;
import dev.weft.context.embed.EmbedderIdentity;
import dev.weft.context.generation.GenerationManifest;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ShardWriterTest {
  @TempDir Path temp;

  @Test
  void shardsMergedWithAddShardsHoldTheSameDocumentsAsReplace() {
    TestCorpus corpus = new TestCorpus(temp.resolve("corpus"));
    TestCorpus.Indexed a = corpus.file("src/A.java", Kind.CODE, "java", "class A {\n  void parseIt() {}\n}",
        span("A", "class", 0, 2), span("parseIt", "method", 1, 1));
    TestCorpus.Indexed b = corpus.file("docs/b.md", Kind.DOC, "markdown", "# Title\n\nSome prose.",
        span("Title", "section", 0, 2));
    TestCorpus.Indexed c = corpus.file("src/c.py", Kind.CODE, "python", "def snake_case():\n    pass");
    TestCorpus.Indexed stale = corpus.file("old.md", Kind.DOC, "markdown", "old");

    Path direct = temp.resolve("direct");
    Path sharded = temp.resolve("sharded");
    for (Path dir : List.of(direct, sharded)) {
      try (CorpusIndex index = CorpusIndex.open(IndexLocation.of(dir))) {
        TestCorpus.publish(index, corpus.options(), stale, a);
      }
    }
    try (CorpusIndex index = CorpusIndex.open(IndexLocation.of(direct));
            IndexUpdate update = index.beginUpdate(corpus.options())) {
      update.delete("old.md");
      update.replace(a.state(), a.chunks());
      update.replace(b.state(), b.chunks());
      update.replace(c.state(), c.chunks());
      update.commit();
      update.publish(Map.of());
    }
    Path shard1 = temp.resolve("shards/1");
    Path shard2 = temp.resolve("shards/2");
    try (ShardWriter one = ShardWriter.create(shard1); ShardWriter two = ShardWriter.create(shard2)) {
      one.write(a.state(), a.chunks());
      one.write(b.state(), b.chunks());
      two.write(c.state(), c.chunks());
    }
    try (CorpusIndex index = CorpusIndex.open(IndexLocation.of(sharded));
            IndexUpdate update = index.beginUpdate(corpus.options())) {
      update.delete("old.md");
      update.delete("src/A.java");
      update.addShards(List.of(shard1, shard2));
      update.commit();
      update.publish(Map.of());
    }

    List<List<String>> expected = IndexDump.dump(direct.resolve("lucene"));
    assertThat(IndexDump.dump(sharded.resolve("lucene"))).isEqualTo(expected);
    assertThat(expected.get(0)).hasSize(3 + 4);
    try (CorpusIndex left = CorpusIndex.openExisting(IndexLocation.of(direct));
            CorpusIndex right = CorpusIndex.openExisting(IndexLocation.of(sharded));
        CorpusSearcher l = left.searcher(); CorpusSearcher r = right.searcher()) {
      assertThat(right.fileStates()).isEqualTo(left.fileStates());
      RecallRequest request = RecallRequest.of("parse snake case title");
      assertThat(r.recall(request)).isEqualTo(l.recall(request));
      assertThat(r.stats().chunks()).isEqualTo(l.stats().chunks());
    }
  }

  @Test
  void shardsWithVectorsMergedWithAddShardsHoldTheSameDocumentsAsReplaceWithVectors() {
    EmbedderIdentity mini = new EmbedderIdentity("mini", 3);
    TestCorpus corpus = new TestCorpus(temp.resolve("corpus"));
    TestCorpus.Indexed a = corpus.file("src/A.java", Kind.CODE, "java", "class A {\n  void parseIt() {}\n}",
        span("A", "class", 0, 2), span("parseIt", "method", 1, 1));
    TestCorpus.Indexed b = corpus.file("docs/b.md", Kind.DOC, "markdown", "# Title\n\nSome prose.",
        span("Title", "section", 0, 2));
    TestCorpus.Indexed c = corpus.file("src/c.py", Kind.CODE, "python", "def snake_case():\n    pass");
    ChunkVectors aVectors = ChunkVectors.of(mini, Arrays.asList(new float[] {1, 0, 0}, null));
    ChunkVectors bVectors = ChunkVectors.of(mini, List.of(new float[] {0, 1, 0}));
    ChunkVectors cVectors = ChunkVectors.of(mini, List.of(new float[] {0.5f, 0.5f, 0.5f}));

    Path direct = temp.resolve("direct");
    try (CorpusIndex index = CorpusIndex.open(IndexLocation.of(direct));
            IndexUpdate update = index.beginUpdate(corpus.options())) {
      update.replace(a.state(), a.chunks(), aVectors);
      update.add(b.state(), b.chunks(), bVectors);
      update.replace(c.state(), c.chunks(), cVectors);
      update.commit();
      update.publish(Map.of());
    }
    Path shard1 = temp.resolve("shards/1");
    Path shard2 = temp.resolve("shards/2");
    try (ShardWriter one = ShardWriter.create(shard1); ShardWriter two = ShardWriter.create(shard2)) {
      one.write(a.state(), a.chunks(), aVectors);
      one.write(b.state(), b.chunks(), bVectors);
      two.write(c.state(), c.chunks(), cVectors);
    }
    Path sharded = temp.resolve("sharded");
    GenerationManifest manifest;
    try (CorpusIndex index = CorpusIndex.open(IndexLocation.of(sharded));
            IndexUpdate update = index.beginUpdate(corpus.options())) {
      update.addShards(List.of(shard1, shard2));
      update.commit();
      manifest = update.publish(Map.of());
    }

    List<List<String>> expected = IndexDump.dump(direct.resolve("lucene"));
    assertThat(IndexDump.dump(sharded.resolve("lucene"))).isEqualTo(expected);
    assertThat(expected.get(0)).filteredOn(doc -> doc.contains("vector:vector:mini/3=")).hasSize(3);
    assertThat(manifest.embedder()).isEqualTo(mini);
    assertThat(manifest.chunksWithVectors()).isEqualTo(3);
    assertThat(manifest.chunksWithoutVectors()).isEqualTo(1);
    QueryVector query = new QueryVector(mini, new float[] {0, 1, 0.1f});
    try (CorpusIndex left = CorpusIndex.openExisting(IndexLocation.of(direct));
            CorpusIndex right = CorpusIndex.openExisting(IndexLocation.of(sharded));
        CorpusSearcher l = left.searcher(); CorpusSearcher r = right.searcher()) {
      for (RecallMode mode : RecallMode.values()) {
        RecallRequest request = RecallRequest.of("parse snake case title").withMode(mode);
        assertThat(r.recall(request, query)).isEqualTo(l.recall(request, query));
      }
      assertThat(r.vectorCensus()).isEqualTo(l.vectorCensus());
    }
  }

  @Test
  void writingAPathTwiceToAShardKeepsTheLastWrite() {
    TestCorpus corpus = new TestCorpus(temp.resolve("corpus"));
    TestCorpus.Indexed first = corpus.file("a.md", Kind.DOC, "markdown", "first");
    TestCorpus.Indexed second = corpus.file("a.md", Kind.DOC, "markdown", "second");
    Path shard = temp.resolve("shard");
    try (ShardWriter writer = ShardWriter.create(shard)) {
      writer.write(first.state(), first.chunks());
      writer.write(second.state(), second.chunks());
    }
    assertThat(IndexDump.dump(shard).get(0)).hasSize(2).anyMatch(doc -> doc.contains("stored:body=second"));
  }

  @Test
  void anEmptyShardCanBeAdded() {
    TestCorpus corpus = new TestCorpus(temp.resolve("corpus"));
    Path shard = temp.resolve("shard");
    ShardWriter.create(shard).close();
    try (CorpusIndex index = CorpusIndex.open(IndexLocation.of(temp.resolve("index")));
        IndexUpdate update = index.beginUpdate(corpus.options())) {
      update.addShards(List.of(shard));
      update.commit();
      assertThat(update.publish(Map.of()).files()).isZero();
    }
  }
}
