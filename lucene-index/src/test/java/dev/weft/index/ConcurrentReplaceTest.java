package dev.weft.index;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.context.IndexLocation;
import dev.weft.context.Kind;
import dev.weft.context.generation.GenerationManifest;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ConcurrentReplaceTest {
  @TempDir Path temp;

  @Test
  void twoThreadsReplacingDifferentFilesLoseNothing() throws Exception {
    TestCorpus corpus = new TestCorpus(temp.resolve("corpus"));
    int perThread = 200;
    List<List<TestCorpus.Indexed>> work = List.of(new ArrayList<>(), new ArrayList<>());
    for (int i = 0; i < 2 * perThread; i++) {
      work.get(i % 2).add(corpus.file("dir" + (i % 2) + "/file" + i + ".md", Kind.DOC, "markdown",
          "line one of " + i + "\nline two of " + i,
          TestCorpus.span(null, "paragraph", 0, 0), TestCorpus.span(null, "paragraph", 1, 1)));
    }
    ExecutorService pool = Executors.newFixedThreadPool(2);
    try (CorpusIndex index = CorpusIndex.open(IndexLocation.of(temp.resolve("index")));
        IndexUpdate update = index.beginUpdate(corpus.options())) {
      CountDownLatch start = new CountDownLatch(1);
      List<Future<?>> done = new ArrayList<>();
      for (List<TestCorpus.Indexed> files : work) {
        done.add(pool.submit(() -> {
          start.await();
          for (TestCorpus.Indexed file : files) {
            // every file twice: the second replace must win, not duplicate
            update.replace(file.state(), file.chunks());
            update.replace(file.state(), file.chunks());
          }
          return null;
        }));
      }
      start.countDown();
      for (Future<?> future : done) {
        future.get();
      }
      update.commit();
      GenerationManifest manifest = update.publish(Map.of());
      assertThat(manifest.files()).isEqualTo(2 * perThread);
      assertThat(manifest.chunks()).isEqualTo(4 * perThread);
      assertThat(index.fileStates()).hasSize(2 * perThread).containsEntry("dir1/file7.md", work.get(1).get(3).state());
    } finally {
      pool.shutdownNow();
    }
  }
}
