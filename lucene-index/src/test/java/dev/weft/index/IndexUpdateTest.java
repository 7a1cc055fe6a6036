package dev.weft.index;

import static dev.weft.index.TestCorpus.span;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.weft.context.Chunk;
import dev.weft.context.FileState;
import dev.weft.context.IndexLocation;
import dev.weft.context.Kind;
import dev.weft.context.error.IndexBusyException;
import dev.weft.context.generation.GenerationManifest;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class IndexUpdateTest {
  @TempDir Path temp;

  private TestCorpus corpus() {
    return new TestCorpus(temp.resolve("corpus"));
  }

  @Test
  void replaceDeleteAndUpdateStateRoundTripThroughFileStates() {
    TestCorpus corpus = corpus();
    TestCorpus.Indexed a = corpus.file("src/A.java", Kind.CODE, "java", "class A {\n  void run() {}\n}",
        span("A", "class", 0, 2), span("run", "method", 1, 1));
    TestCorpus.Indexed b = corpus.file("docs/b.md", Kind.DOC, "markdown", "# B\n\ntext");
    TestCorpus.Indexed c = corpus.file("src/C.java", Kind.CODE, "java", "class C {}");
    try (CorpusIndex index = CorpusIndex.open(IndexLocation.of(temp.resolve("index")))) {
      assertThat(index.fileStates()).isEmpty();
      GenerationManifest first = TestCorpus.publish(index, corpus.options(), a, b, c);
      assertThat(first.generation()).isEqualTo(1);
      assertThat(first.files()).isEqualTo(3);
      assertThat(first.chunks()).isEqualTo(4);
      assertThat(first.counts()).containsExactly(Map.entry("indexed", 3L));
      assertThat(index.fileStates()).containsOnly(
          Map.entry("docs/b.md", b.state()), Map.entry("src/A.java", a.state()), Map.entry("src/C.java", c.state()));

      FileState touched = a.state().withStat(1_800_000_000_000L, 99);
      TestCorpus.Indexed newC = corpus.file("src/C.java", Kind.CODE, "java", "class C {\n}", span("C", "class", 0, 1));
      try (IndexUpdate update = index.beginUpdate(corpus.options())) {
        update.updateState(touched);
        update.delete("docs/b.md");
        update.replace(newC.state(), newC.chunks());
        update.commit();
        GenerationManifest second = update.publish(Map.of());
        assertThat(second.generation()).isEqualTo(2);
        assertThat(second.files()).isEqualTo(2);
        assertThat(second.chunks()).isEqualTo(3);
      }
      assertThat(index.fileStates()).containsOnly(
          Map.entry("src/A.java", touched), Map.entry("src/C.java", newC.state()));
      try (CorpusSearcher searcher = corpus.searcher(index)) {
        // updateState left the chunks alone
        assertThat(searcher.get("src/A.java", 1, 1)).contains("  void run() {}");
        IndexStats stats = searcher.stats();
        assertThat(stats.generation()).isEqualTo(2);
        assertThat(stats.files()).isEqualTo(2);
        assertThat(stats.chunks()).containsEntry(Kind.CODE, 3L).containsEntry(Kind.DOC, 0L);
        assertThat(stats.totalChunks()).isEqualTo(3);
        assertThat(stats.corpusRoot()).isEqualTo(corpus.root().toString());
        assertThat(stats.indexBytes()).isPositive().isLessThanOrEqualTo(stats.diskBytes());
      }
    }
  }

  @Test
  void aFileWithNoChunksIsStillRemembered() {
    TestCorpus corpus = corpus();
    TestCorpus.Indexed empty = corpus.file("empty.md", Kind.DOC, "markdown", "");
    FileState state = new FileState("empty.md", Kind.DOC, "markdown", 5, 0, empty.state().contentHash(),
        TestCorpus.STAMP, 0);
    try (CorpusIndex index = CorpusIndex.open(IndexLocation.of(temp.resolve("index")))) {
      TestCorpus.publish(index, corpus.options(), new TestCorpus.Indexed(state, List.of()));
      assertThat(index.fileStates()).containsOnly(Map.entry("empty.md", state));
    }
  }

  @Test
  void replaceRefusesChunksThatDoNotMatchTheirFileState() {
    TestCorpus corpus = corpus();
    TestCorpus.Indexed a = corpus.file("A.java", Kind.CODE, "java", "class A {}");
    TestCorpus.Indexed b = corpus.file("B.java", Kind.CODE, "java", "class B {}");
    try (CorpusIndex index = CorpusIndex.open(IndexLocation.of(temp.resolve("index")));
        IndexUpdate update = index.beginUpdate(corpus.options())) {
      assertThatThrownBy(() -> update.replace(a.state(), b.chunks()))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessage("every chunk must belong to the file state's path A.java, got: B.java (chunk B.java#0)");
      assertThatThrownBy(() -> update.replace(a.state(), List.of()))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessage("chunkCount must equal the number of chunks, got: 1 for 0 chunks of A.java");
      Chunk other = a.chunk(0);
      Chunk wrongHash = new Chunk(other.id(), other.path(), other.kind(), other.format(), null, "file", 0, 0,
          other.text(), "beef");
      assertThatThrownBy(() -> update.replace(a.state(), List.of(wrongHash)))
          .hasMessageStartingWith("every chunk must carry the file's contentHash");
    }
  }

  /** add and replace share one body: the same checks, and they differ only in whether old chunks are deleted. */
  @Test
  void addAndReplaceShareTheirChecksAndDifferOnlyInTheDelete() {
    TestCorpus corpus = corpus();
    TestCorpus.Indexed a = corpus.file("A.java", Kind.CODE, "java", "class A {}");
    TestCorpus.Indexed b = corpus.file("B.java", Kind.CODE, "java", "class B {}");
    try (CorpusIndex index = CorpusIndex.open(IndexLocation.of(temp.resolve("index")))) {
      try (IndexUpdate update = index.beginUpdate(corpus.options())) {
        assertThatThrownBy(() -> update.add(a.state(), b.chunks()))
            .isInstanceOf(IllegalArgumentException.class)
            .hasMessage("every chunk must belong to the file state's path A.java, got: B.java (chunk B.java#0)");
        assertThatThrownBy(() -> update.add(a.state(), null)).isInstanceOf(NullPointerException.class)
            .hasMessage("chunks");
        assertThatThrownBy(() -> update.replace(a.state(), a.chunks(), null))
            .isInstanceOf(NullPointerException.class).hasMessage("vectors");
        update.add(a.state(), a.chunks());
        update.add(b.state(), b.chunks());
        update.commit();
        assertThat(update.publish(Map.of()).chunks()).isEqualTo(2);
      }
      try (IndexUpdate update = index.beginUpdate(corpus.options())) {
        update.replace(a.state(), a.chunks()); // deletes A's old chunk first
        update.add(b.state(), b.chunks()); // does not: B's chunk is now there twice
        update.commit();
        assertThat(update.publish(Map.of()).chunks()).isEqualTo(3);
        update.close();
        assertThatThrownBy(() -> update.add(a.state(), a.chunks()))
            .isInstanceOf(IllegalStateException.class).hasMessage("this index update is closed");
        assertThatThrownBy(() -> update.replace(a.state(), a.chunks()))
            .isInstanceOf(IllegalStateException.class).hasMessage("this index update is closed");
      }
    }
  }

  @Test
  void publishNeedsEveryChangeCommitted() {
    TestCorpus corpus = corpus();
    TestCorpus.Indexed a = corpus.file("A.java", Kind.CODE, "java", "class A {}");
    try (CorpusIndex index = CorpusIndex.open(IndexLocation.of(temp.resolve("index")));
        IndexUpdate update = index.beginUpdate(corpus.options())) {
      update.replace(a.state(), a.chunks());
      assertThatThrownBy(() -> update.publish(Map.of()))
          .isInstanceOf(IllegalStateException.class)
          .hasMessage("publish needs a commit first: call commit() before publish() (generation 1)");
      update.commit();
      update.delete("A.java");
      assertThatThrownBy(() -> update.publish(Map.of()))
          .isInstanceOf(IllegalStateException.class)
          .hasMessageStartingWith("publish needs every change committed: 1 write(s) came after the last commit");
      assertThat(index.current()).isEmpty();
    }
  }

  @Test
  void anUpdateCanPublishSeveralGenerations() {
    TestCorpus corpus = corpus();
    TestCorpus.Indexed a = corpus.file("A.java", Kind.CODE, "java", "class A {}");
    try (CorpusIndex index = CorpusIndex.open(IndexLocation.of(temp.resolve("index")));
        IndexUpdate update = index.beginUpdate(corpus.options())) {
      update.replace(a.state(), a.chunks());
      update.commit();
      assertThat(update.publish(Map.of()).generation()).isEqualTo(1);
      update.delete("A.java");
      update.commit();
      assertThat(update.publish(Map.of()).generation()).isEqualTo(2);
      assertThat(index.fileStates()).isEmpty();
    }
  }

  @Test
  void oneUpdateAtATime() {
    TestCorpus corpus = corpus();
    try (CorpusIndex index = CorpusIndex.open(IndexLocation.of(temp.resolve("index")));
        IndexUpdate first = index.beginUpdate(corpus.options())) {
      assertThatThrownBy(() -> index.beginUpdate(corpus.options()))
          .isInstanceOf(IndexBusyException.class)
          .hasMessageContaining("cannot start an update on")
          .hasMessageContaining("another run holds " + temp.resolve("index/lucene/write.lock"));
      first.close();
      index.beginUpdate(corpus.options()).close();
    }
  }

  @Test
  void optionsNameTheRuleAndTheValue() {
    assertThatThrownBy(() -> new UpdateOptions("/corpus", 0, "s"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("keepGenerations must be at least 1, got: 0");
    assertThatThrownBy(() -> UpdateOptions.of(" ", "s"))
        .hasMessage("corpusRoot must not be blank, got: ' '");
    assertThatThrownBy(() -> UpdateOptions.of("/corpus", ""))
        .hasMessage("chunkerStamp must not be blank, got: ''");
    UpdateOptions options = UpdateOptions.of("/corpus/./x/..", "s");
    assertThat(options.keepGenerations()).isEqualTo(GenerationManifest.DEFAULT_KEEP_GENERATIONS);
    assertThat(options.corpusRoot()).isEqualTo(Path.of("/corpus").toString());
  }
}
