package dev.weft.index;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.weft.context.Hit;
import dev.weft.context.IndexLocation;
import dev.weft.context.Kind;
import dev.weft.context.RecallRequest;
import dev.weft.context.error.IndexDamagedException;
import dev.weft.context.generation.GenerationManifest;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.index.LeafReader;
import org.apache.lucene.index.LeafReaderContext;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Generations served through Lucene's reference manager: held across a swap, refreshed for the next acquire. */
class ServedGenerationsTest {
  @TempDir Path temp;

  private TestCorpus corpus() {
    return new TestCorpus(temp.resolve("corpus"));
  }

  private static List<String> paths(CorpusSearcher searcher, String query) {
    return searcher.recall(new RecallRequest(query, Set.of(Kind.DOC), 10, true)).hits().stream()
        .map(Hit::path).toList();
  }

  private static List<LeafReader> leaves(IndexReader reader) {
    return reader.leaves().stream().map(LeafReaderContext::reader).toList();
  }

  @Test
  void aSearcherKeepsItsGenerationAcrossAPublishWhileTheNextAcquireSeesTheNewOneSharingSegments() {
    TestCorpus corpus = corpus();
    try (CorpusIndex index = CorpusIndex.open(IndexLocation.of(temp.resolve("index")))) {
      TestCorpus.publish(index, corpus.options(), corpus.file("a.md", Kind.DOC, "markdown", "alpha kestrel"));
      try (CorpusSearcher before = corpus.searcher(index)) {
        TestCorpus.publish(index, corpus.options(), corpus.file("b.md", Kind.DOC, "markdown", "beta kestrel"));

        try (CorpusSearcher after = index.searcher()) {
          assertThat(before.generation().generation()).isEqualTo(1);
          assertThat(before.stats().files()).isEqualTo(1);
          assertThat(paths(before, "kestrel")).containsExactly("a.md");
          assertThat(before.get("a.md")).isEqualTo("alpha kestrel");
          assertThatThrownBy(() -> before.get("b.md")).isInstanceOf(PathNotIndexedException.class);

          assertThat(after.generation().generation()).isEqualTo(2);
          assertThat(after.stats().files()).isEqualTo(2);
          assertThat(paths(after, "kestrel")).containsExactlyInAnyOrder("a.md", "b.md");
          // reopened from the old reader: generation 1's segment, unchanged, is the same open segment reader
          assertThat(leaves(after.reader())).hasSize(2).containsAll(leaves(before.reader()));
        }
      }
    }
  }

  @Test
  void closingTheIndexAndItsSearchersReleasesEveryGeneration() {
    TestCorpus corpus = corpus();
    CorpusIndex index = CorpusIndex.open(IndexLocation.of(temp.resolve("index")));
    TestCorpus.publish(index, corpus.options(), corpus.file("a.md", Kind.DOC, "markdown", "alpha"));
    CorpusSearcher first = index.searcher();
    TestCorpus.publish(index, corpus.options(), corpus.file("b.md", Kind.DOC, "markdown", "beta"));
    CorpusSearcher second = index.searcher();
    VectorLookup lookup = index.vectorLookup();
    IndexReader firstReader = first.reader();
    IndexReader secondReader = second.reader();

    index.close();
    // a searcher outlives the index that handed it out, and holds its generation open until it closes
    assertThat(paths(second, "beta")).containsExactly("b.md");
    assertThat(secondReader.getRefCount()).isEqualTo(2);
    assertThatThrownBy(index::searcher).isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("is closed");

    first.close();
    second.close();
    lookup.close();
    assertThat(firstReader.getRefCount()).isZero();
    assertThat(secondReader.getRefCount()).isZero();
  }

  @Test
  void aDamagedNewGenerationIsNamedWhileTheHeldOneStillAnswersAndRollbackServesItAgain() throws IOException {
    TestCorpus corpus = corpus();
    Path dir = temp.resolve("index");
    try (CorpusIndex writer = CorpusIndex.open(IndexLocation.of(dir))) {
      TestCorpus.publish(writer, corpus.options(), corpus.file("a.md", Kind.DOC, "markdown", "alpha"));
      try (CorpusIndex reader = CorpusIndex.openExisting(IndexLocation.of(dir));
              CorpusSearcher held = reader.searcher()) {
        GenerationManifest second = TestCorpus.publish(writer, corpus.options(),
            corpus.file("b.md", Kind.DOC, "markdown", "beta"));
        Path segments = dir.resolve("lucene").resolve(second.segmentsFileName());
        Files.delete(segments);

        assertThatThrownBy(reader::searcher).isInstanceOf(IndexDamagedException.class)
            .satisfies(e -> assertThat(((IndexDamagedException) e).file()).isEqualTo(segments))
            .hasMessageContaining("`weft rollback 1`");
        assertThat(paths(held, "alpha")).containsExactly("a.md");

        writer.rollback(1);
        try (CorpusSearcher again = reader.searcher()) {
          assertThat(again.generation().generation()).isEqualTo(1);
          // the failed refresh kept generation 1 served: nothing was reopened
          assertThat(again.reader()).isSameAs(held.reader());
        }
      }
    }
  }
}
