package dev.weft.index;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.context.IndexLocation;
import dev.weft.context.Kind;
import dev.weft.context.generation.GenerationManifest;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexCommit;
import org.apache.lucene.store.FSDirectory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A run that dies between commit and publish: commit() then close() without publish(). */
class CrashTest {
  @TempDir Path temp;

  @Test
  void aCommitNeverPublishedIsNeverServedAndTheNextRunIgnoresIt() throws IOException {
    TestCorpus corpus = new TestCorpus(temp.resolve("corpus"));
    TestCorpus.Indexed kept = corpus.file("kept.md", Kind.DOC, "markdown", "kept words");
    TestCorpus.Indexed lost = corpus.file("lost.md", Kind.DOC, "markdown", "lost words");
    TestCorpus.Indexed next = corpus.file("next.md", Kind.DOC, "markdown", "next words");
    try (CorpusIndex index = CorpusIndex.open(IndexLocation.of(temp.resolve("index")))) {
      GenerationManifest first = TestCorpus.publish(index, corpus.options(), kept);
      try (IndexUpdate doomed = index.beginUpdate(corpus.options())) {
        doomed.delete("kept.md");
        doomed.replace(lost.state(), lost.chunks());
        doomed.commit();
      }
      assertThat(luceneCommits()).hasSize(2);
      assertThat(index.current()).contains(first);
      assertThat(index.fileStates()).containsOnlyKeys("kept.md");
      try (CorpusSearcher searcher = corpus.searcher(index)) {
        assertThat(searcher.generation()).isEqualTo(first);
        assertThat(searcher.get("kept.md", 0, 0)).contains("kept words");
      }

      GenerationManifest second;
      try (IndexUpdate update = index.beginUpdate(corpus.options())) {
        update.replace(next.state(), next.chunks());
        update.commit();
        second = update.publish(Map.of());
      }
      // numbered after the last published generation; built on it, not on the orphan
      assertThat(second.generation()).isEqualTo(2);
      assertThat(index.fileStates()).containsOnlyKeys("kept.md", "next.md");
      // the orphan commit is gone, the two published ones stay
      assertThat(luceneCommits()).containsExactly(first.luceneGeneration(), second.luceneGeneration());
    }
  }

  @Test
  void aFirstRunThatNeverPublishedLeavesNothingServed() {
    TestCorpus corpus = new TestCorpus(temp.resolve("corpus"));
    TestCorpus.Indexed lost = corpus.file("lost.md", Kind.DOC, "markdown", "lost");
    TestCorpus.Indexed next = corpus.file("next.md", Kind.DOC, "markdown", "next");
    try (CorpusIndex index = CorpusIndex.open(IndexLocation.of(temp.resolve("index")))) {
      try (IndexUpdate doomed = index.beginUpdate(corpus.options())) {
        doomed.replace(lost.state(), lost.chunks());
        doomed.commit();
      }
      assertThat(index.current()).isEmpty();
      assertThat(index.fileStates()).isEmpty();
      TestCorpus.publish(index, corpus.options(), next);
      assertThat(index.fileStates()).containsOnlyKeys("next.md");
    }
  }

  @Test
  void uncommittedChangesAreRolledBackOnClose() {
    TestCorpus corpus = new TestCorpus(temp.resolve("corpus"));
    TestCorpus.Indexed kept = corpus.file("kept.md", Kind.DOC, "markdown", "kept");
    try (CorpusIndex index = CorpusIndex.open(IndexLocation.of(temp.resolve("index")))) {
      TestCorpus.publish(index, corpus.options(), kept);
      try (IndexUpdate update = index.beginUpdate(corpus.options())) {
        update.delete("kept.md");
      }
      try (IndexUpdate update = index.beginUpdate(corpus.options())) {
        update.commit();
        update.publish(Map.of());
      }
      assertThat(index.fileStates()).containsOnlyKeys("kept.md");
    }
  }

  private List<Long> luceneCommits() throws IOException {
    try (FSDirectory dir = FSDirectory.open(temp.resolve("index/lucene"))) {
      return DirectoryReader.listCommits(dir).stream().map(IndexCommit::getGeneration).toList();
    }
  }
}
