package dev.weft.index;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.weft.context.IndexLocation;
import dev.weft.context.Kind;
import dev.weft.context.error.IndexBusyException;
import dev.weft.context.generation.GenerationManifest;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexCommit;
import org.apache.lucene.store.FSDirectory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue #13 item 4: an update builds its Lucene writer on its first write, so a no-op pass builds none; the write
 * lock is still held from the update's start, and what a killed run left is still deleted when the update starts.
 */
class LazyWriterTest {
  @TempDir Path temp;

  @Test
  void anUpdateThatWritesNothingBuildsNoWriterYetRefusesRollbackAndOtherRunsUntilItCloses() {
    TestCorpus corpus = new TestCorpus(temp.resolve("corpus"));
    Path indexDir = temp.resolve("index");
    try (CorpusIndex index = CorpusIndex.open(IndexLocation.of(indexDir));
            CorpusIndex other = CorpusIndex.open(IndexLocation.of(indexDir))) {
      publish(index, corpus, 1);
      publish(index, corpus, 2);
      try (IndexUpdate update = index.beginUpdate(corpus.options())) {
        assertThat(update.baseFileStates()).containsOnlyKeys("f1.md", "f2.md");

        assertThatThrownBy(() -> other.rollback(1)).isInstanceOf(IndexBusyException.class)
            .hasMessageContaining("cannot roll back to generation 1");
        assertThatThrownBy(() -> other.beginUpdate(corpus.options())).isInstanceOf(IndexBusyException.class)
            .hasMessageContaining("cannot start an update");
        assertThat(update.writerOpened()).isFalse();
      }
      assertThat(index.current()).map(GenerationManifest::generation).contains(2L);
      assertThat(other.rollback(1).generation()).isEqualTo(1);
    }
  }

  @Test
  void theFirstWriteBuildsTheWriterOnTheBaseGenerationNotOnTheNewestCommit() {
    TestCorpus corpus = new TestCorpus(temp.resolve("corpus"));
    try (CorpusIndex index = CorpusIndex.open(IndexLocation.of(temp.resolve("index")))) {
      publish(index, corpus, 1);
      publish(index, corpus, 2);
      index.rollback(1);
      TestCorpus.Indexed third = corpus.file("f3.md", Kind.DOC, "markdown", "file 3");
      try (IndexUpdate update = index.beginUpdate(corpus.options())) {
        assertThat(update.writerOpened()).isFalse();
        update.replace(third.state(), third.chunks());
        assertThat(update.writerOpened()).isTrue();
        update.commit();
        assertThat(update.publish(Map.of()).generation()).isEqualTo(3);
      }
      assertThat(index.fileStates()).containsOnlyKeys("f1.md", "f3.md");
    }
  }

  @Test
  void anUpdateThatWritesNothingStillDeletesACommitWhoseGenerationWasPruned() throws IOException {
    TestCorpus corpus = new TestCorpus(temp.resolve("corpus"));
    Path indexDir = temp.resolve("index");
    try (CorpusIndex index = CorpusIndex.open(IndexLocation.of(indexDir))) {
      publish(index, corpus, 1);
      GenerationManifest second = publish(index, corpus, 2);
      // a run killed after pruning generation 1's manifest and before deleting its commit
      Files.delete(indexDir.resolve("generations/1.json"));
      assertThat(luceneCommits()).hasSize(2);

      try (IndexUpdate update = index.beginUpdate(corpus.options())) {
        assertThat(update.writerOpened()).isTrue();
      }
      assertThat(luceneCommits()).containsExactly(second.luceneGeneration());

      try (IndexUpdate update = index.beginUpdate(corpus.options())) {
        assertThat(update.writerOpened()).isFalse(); // nothing left to delete
      }
    }
  }

  @Test
  void anUpdateThatWritesNothingStillDeletesAFileNoCommitHolds() throws IOException {
    TestCorpus corpus = new TestCorpus(temp.resolve("corpus"));
    Path indexDir = temp.resolve("index");
    try (CorpusIndex index = CorpusIndex.open(IndexLocation.of(indexDir))) {
      publish(index, corpus, 1);
      // a segment of a run killed before its commit
      Path stray = Files.writeString(indexDir.resolve("lucene/_zz.si"), "half a segment");

      try (IndexUpdate update = index.beginUpdate(corpus.options())) {
        assertThat(update.writerOpened()).isTrue();
      }
      assertThat(stray).doesNotExist();
      assertThat(index.fileStates()).containsOnlyKeys("f1.md");
    }
  }

  private static GenerationManifest publish(CorpusIndex index, TestCorpus corpus, int n) {
    return TestCorpus.publish(index, corpus.options(), corpus.file("f" + n + ".md", Kind.DOC, "markdown", "file " + n));
  }

  private List<Long> luceneCommits() throws IOException {
    try (FSDirectory dir = FSDirectory.open(temp.resolve("index/lucene"))) {
      return DirectoryReader.listCommits(dir).stream().map(IndexCommit::getGeneration).toList();
    }
  }
}
