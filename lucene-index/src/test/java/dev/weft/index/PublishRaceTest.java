package dev.weft.index;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.weft.context.IndexLocation;
import dev.weft.context.Kind;
import dev.weft.context.error.ExitStatus;
import dev.weft.context.error.StorageFailureException;
import dev.weft.context.generation.GenerationManifest;
import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.UnaryOperator;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FilterDirectory;
import org.apache.lucene.store.IOContext;
import org.apache.lucene.store.IndexOutput;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Readers while another run publishes, and a publish the disk refuses; the interleavings are driven by hooks. */
class PublishRaceTest {
  @TempDir Path temp;

  @Test
  void aReaderWhoseGenerationIsPrunedWhileItOpensServesTheNewOne() throws IOException {
    TestCorpus corpus = new TestCorpus(temp.resolve("corpus"));
    UpdateOptions keepOne = corpus.options().withKeepGenerations(1);
    Path dir = temp.resolve("index");
    AtomicBoolean published = new AtomicBoolean();
    try (CorpusIndex writer = CorpusIndex.open(IndexLocation.of(dir))) {
      TestCorpus.publish(writer, keepOne, corpus.file("a.md", Kind.DOC, "markdown", "alpha"));
      // the reader has read CURRENT (1) and its manifest; the other run publishes 2 and prunes 1's commit
      Runnable publishMeanwhile = () -> {
        if (published.compareAndSet(false, true)) {
          TestCorpus.publish(writer, keepOne, corpus.file("b.md", Kind.DOC, "markdown", "beta"));
        }
      };
      try (CorpusIndex reader = new CorpusIndex(IndexLocation.of(dir), UnaryOperator.identity(), publishMeanwhile);
          CorpusSearcher searcher = reader.searcher()) {
        assertThat(published).isTrue();
        assertThat(searcher.generation().generation()).isEqualTo(2);
        assertThat(searcher.stats().files()).isEqualTo(2);
      }
    }
  }

  @Test
  void aRefreshWhoseGenerationIsPrunedWhileItReopensServesTheNewOne() throws IOException {
    TestCorpus corpus = new TestCorpus(temp.resolve("corpus"));
    UpdateOptions keepOne = corpus.options().withKeepGenerations(1);
    Path dir = temp.resolve("index");
    AtomicBoolean armed = new AtomicBoolean();
    try (CorpusIndex writer = CorpusIndex.open(IndexLocation.of(dir))) {
      TestCorpus.publish(writer, keepOne, corpus.file("a.md", Kind.DOC, "markdown", "alpha"));
      // once armed: the reader has read CURRENT (2) and its manifest; the other run publishes 3 and prunes 2's commit
      Runnable publishMeanwhile = () -> {
        if (armed.compareAndSet(true, false)) {
          TestCorpus.publish(writer, keepOne, corpus.file("c.md", Kind.DOC, "markdown", "gamma"));
        }
      };
      try (CorpusIndex reader = new CorpusIndex(IndexLocation.of(dir), UnaryOperator.identity(), publishMeanwhile);
          CorpusSearcher first = reader.searcher()) {
        TestCorpus.publish(writer, keepOne, corpus.file("b.md", Kind.DOC, "markdown", "beta"));
        armed.set(true);
        try (CorpusSearcher refreshed = reader.searcher()) {
          assertThat(armed).isFalse();
          assertThat(refreshed.generation().generation()).isEqualTo(3);
          assertThat(refreshed.stats().files()).isEqualTo(3);
          assertThat(first.generation().generation()).isEqualTo(1);
        }
      }
    }
  }

  @Test
  void aFullDiskAtCommitIsAStorageFailureAndTheServedGenerationStays() throws IOException {
    TestCorpus corpus = new TestCorpus(temp.resolve("corpus"));
    Path dir = temp.resolve("index");
    AtomicBoolean full = new AtomicBoolean();
    UnaryOperator<Directory> disk = directory -> new FilterDirectory(directory) {
      @Override
      public IndexOutput createOutput(String name, IOContext context) throws IOException {
        if (full.get()) {
          throw new IOException("No space left on device");
        }
        return super.createOutput(name, context);
      }
    };
    try (CorpusIndex index = new CorpusIndex(IndexLocation.of(dir), disk, () -> {})) {
      TestCorpus.publish(index, corpus.options(), corpus.file("a.md", Kind.DOC, "markdown", "alpha"));
      TestCorpus.Indexed b = corpus.file("b.md", Kind.DOC, "markdown", "beta");
      try (IndexUpdate update = index.beginUpdate(corpus.options())) {
        update.add(b.state(), b.chunks());
        full.set(true);
        assertThatThrownBy(update::commit).isInstanceOf(StorageFailureException.class)
            .hasMessageContaining("cannot commit generation 2 to " + dir.resolve("lucene"))
            .hasMessageContaining("No space left on device")
            .hasMessageContaining("the served generation is unchanged")
            .satisfies(e -> assertThat(((StorageFailureException) e).status()).isEqualTo(ExitStatus.IO_FAILURE));
      }
      assertThat(index.current()).map(GenerationManifest::generation).contains(1L);
      assertThat(index.fileStates()).containsOnlyKeys("a.md");

      full.set(false); // space freed: the next run publishes
      GenerationManifest second = TestCorpus.publish(index, corpus.options(), b);
      assertThat(second.generation()).isEqualTo(2);
      assertThat(index.fileStates()).containsOnlyKeys("a.md", "b.md");
    }
  }
}
