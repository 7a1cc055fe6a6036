package dev.weft.index;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.context.IndexLocation;
import dev.weft.context.Kind;
import dev.weft.context.generation.GenerationManifest;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.UnaryOperator;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FilterDirectory;
import org.apache.lucene.store.Lock;
import org.apache.lucene.store.LockObtainFailedException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** An update that finds the write lock held retries within its wait and then opens its writer. */
class WriterLockRetryTest {
  @TempDir Path temp;

  @Test
  void anUpdateThatWaitedForTheLockOpensItsWriterOnTheRetry() throws IOException {
    TestCorpus corpus = new TestCorpus(temp.resolve("corpus"));
    AtomicInteger refusals = new AtomicInteger(1);
    // another run holds write.lock for the update's first try only
    UnaryOperator<Directory> heldOnce = directory -> new FilterDirectory(directory) {
      @Override
      public Lock obtainLock(String name) throws IOException {
        if (name.equals(IndexWriter.WRITE_LOCK_NAME) && refusals.getAndDecrement() > 0) {
          throw new LockObtainFailedException("lock held by another run: " + name);
        }
        return super.obtainLock(name);
      }
    };
    try (CorpusIndex index = new CorpusIndex(IndexLocation.of(temp.resolve("index")), heldOnce, () -> {})) {
      GenerationManifest first = TestCorpus.publish(index, corpus.options().withLockWait(Duration.ofSeconds(30)),
          corpus.file("a.md", Kind.DOC, "markdown", "alpha"));
      assertThat(refusals.get()).isNegative();
      assertThat(first.generation()).isEqualTo(1);
      assertThat(index.fileStates()).containsOnlyKeys("a.md");
    }
  }
}
