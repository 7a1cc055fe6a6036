package dev.weft.index;

import static dev.weft.index.TestCorpus.span;
import static dev.weft.index.TestCorpus.vector;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.weft.context.Chunk;
import dev.weft.context.ChunkVectors;
import dev.weft.context.IndexLocation;
import dev.weft.context.Kind;
import dev.weft.context.embed.EmbedderIdentity;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Chunks rebuilt from the served generation equal the chunks that were indexed, vectors included. */
class ChunkScanTest {
  private static final EmbedderIdentity MINI = new EmbedderIdentity("mini", 3);

  @TempDir Path root;
  @TempDir Path indexDir;

  @Test
  void rebuildsEveryChunkWithItsVectorAndOnlyTheServedGeneration() {
    TestCorpus corpus = new TestCorpus(root);
    TestCorpus.Indexed code = corpus.file("src/A.java", Kind.CODE, "java", "class A {\n  void run() {}\n}\n",
        span("A", "class", 0, 2), span("run", "method", 1, 1));
    TestCorpus.Indexed doc = corpus.file("docs/guide.md", Kind.DOC, "markdown", "# Guide\n\nGrüße.\n");
    List<float[]> vectors = new ArrayList<>();
    vectors.add(vector(1, 0, 0.5f));
    vectors.add(null); // a chunk whose batch failed has no vector
    try (CorpusIndex index = CorpusIndex.open(IndexLocation.of(indexDir))) {
      TestCorpus.publish(index, corpus.options(),
          new TestCorpus.Embedded(code, ChunkVectors.of(MINI, vectors)),
          new TestCorpus.Embedded(doc, ChunkVectors.none()));
      // committed but never published: a scan must not see it
      try (IndexUpdate update = index.beginUpdate(corpus.options())) {
        update.delete("docs/guide.md");
        update.commit();
      }
    }

    List<ChunkScan.Entry> entries = new ArrayList<>();
    try (ChunkScan scan = ChunkScan.open(IndexLocation.of(indexDir))) {
      assertThat(scan.generation().generation()).isEqualTo(1);
      scan.forEach(entries::add);
    }

    List<Chunk> expected = new ArrayList<>(code.chunks());
    expected.addAll(doc.chunks());
    assertThat(entries).extracting(ChunkScan.Entry::chunk).containsExactlyInAnyOrderElementsOf(expected);
    ChunkScan.Entry run = entry(entries, "src/A.java#0");
    assertThat(run.identity()).isEqualTo(MINI);
    assertThat(Arrays.equals(run.vector(), vector(1, 0, 0.5f))).isTrue();
    assertThat(entry(entries, "src/A.java#1").vector()).isNull();
    assertThat(entry(entries, "docs/guide.md#0").identity()).isNull();
  }

  @Test
  void aReplacedFileShowsItsNewChunksOnly() {
    TestCorpus corpus = new TestCorpus(root);
    try (CorpusIndex index = CorpusIndex.open(IndexLocation.of(indexDir))) {
      TestCorpus.publish(index, corpus.options(), corpus.file("a.txt", Kind.DOC, "text", "one\n\ntwo\n",
          span(null, "paragraphs", 0, 0), span(null, "paragraphs", 2, 2)));
      TestCorpus.publish(index, corpus.options(), corpus.file("a.txt", Kind.DOC, "text", "three\n"));
    }
    List<ChunkScan.Entry> entries = new ArrayList<>();
    try (ChunkScan scan = ChunkScan.open(IndexLocation.of(indexDir))) {
      scan.forEach(entries::add);
    }
    assertThat(entries).extracting(e -> e.chunk().text()).containsExactly("three\n");
  }

  @Test
  void anIndexWithoutAPublishedGenerationIsNotFound() {
    try (CorpusIndex index = CorpusIndex.open(IndexLocation.of(indexDir))) {
      assertThat(index.current()).isEmpty();
    }
    assertThatThrownBy(() -> ChunkScan.open(IndexLocation.of(indexDir)))
        .isInstanceOf(IndexNotFoundException.class)
        .hasMessageContaining("no Weft index at");
    assertThatThrownBy(() -> ChunkScan.open(IndexLocation.of(root.resolve("nowhere"))))
        .isInstanceOf(IndexNotFoundException.class);
  }

  private static ChunkScan.Entry entry(List<ChunkScan.Entry> entries, String id) {
    return entries.stream().filter(e -> e.chunk().id().equals(id)).findFirst().orElseThrow();
  }
}
