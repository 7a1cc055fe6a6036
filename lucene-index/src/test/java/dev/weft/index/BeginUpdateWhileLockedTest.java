package dev.weft.index;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.weft.context.IndexLocation;
import dev.weft.context.Kind;
import dev.weft.context.error.IndexBusyException;
import dev.weft.context.generation.GenerationManifest;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue #13 item 4: a run starts its directory listing from the hook {@code beginUpdate} runs once the write lock is
 * held, so the walk overlaps the opening of the base generation; the hook must run under the lock (no rollback or
 * other run can move the base it plans against) and a hook that fails must not leave the lock taken.
 */
class BeginUpdateWhileLockedTest {
  @TempDir Path temp;

  @Test
  void theHookRunsWithTheWriteLockHeldSoARollbackOrAnotherRunIsRefused() {
    TestCorpus corpus = new TestCorpus(temp.resolve("corpus"));
    Path indexDir = temp.resolve("index");
    try (CorpusIndex index = CorpusIndex.open(IndexLocation.of(indexDir));
            CorpusIndex other = CorpusIndex.open(IndexLocation.of(indexDir))) {
      publish(index, corpus, 1);
      publish(index, corpus, 2);
      AtomicReference<RuntimeException> rollback = new AtomicReference<>();
      AtomicReference<RuntimeException> otherRun = new AtomicReference<>();
      Runnable race = () -> {
        rollback.set(refusal(() -> other.rollback(1)));
        otherRun.set(refusal(() -> other.beginUpdate(corpus.options()).close()));
      };
      try (IndexUpdate update = index.beginUpdate(corpus.options(), race)) {
        assertThat(update.baseGeneration()).map(GenerationManifest::generation).contains(2L);
      }
      assertThat(rollback.get()).isInstanceOf(IndexBusyException.class)
          .hasMessageContaining("cannot roll back to generation 1");
      assertThat(otherRun.get()).isInstanceOf(IndexBusyException.class)
          .hasMessageContaining("cannot start an update");
      assertThat(index.current()).map(GenerationManifest::generation).contains(2L);
    }
  }

  @Test
  void aHookThatFailsReleasesTheLockAndItsFailureReachesTheCaller() {
    TestCorpus corpus = new TestCorpus(temp.resolve("corpus"));
    Path indexDir = temp.resolve("index");
    try (CorpusIndex index = CorpusIndex.open(IndexLocation.of(indexDir));
            CorpusIndex other = CorpusIndex.open(IndexLocation.of(indexDir))) {
      publish(index, corpus, 1);
      publish(index, corpus, 2);
      assertThatThrownBy(() -> index.beginUpdate(corpus.options(), () -> {
        throw new IllegalArgumentException("corpus root must be a directory, got: gone");
      })).isInstanceOf(IllegalArgumentException.class).hasMessage("corpus root must be a directory, got: gone");

      assertThat(other.rollback(1).generation()).isEqualTo(1);
      try (IndexUpdate update = index.beginUpdate(corpus.options())) {
        assertThat(update.baseGeneration()).map(GenerationManifest::generation).contains(1L);
      }
    }
  }

  private static RuntimeException refusal(Runnable action) {
    try {
      action.run();
      return null;
    } catch (RuntimeException refused) {
      return refused;
    }
  }

  private static GenerationManifest publish(CorpusIndex index, TestCorpus corpus, int n) {
    return TestCorpus.publish(index, corpus.options(), corpus.file("f" + n + ".md", Kind.DOC, "markdown", "file " + n));
  }
}
