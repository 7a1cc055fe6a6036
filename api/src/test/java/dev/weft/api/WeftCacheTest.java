package dev.weft.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.weft.context.Hit;
import dev.weft.context.IndexLocation;
import dev.weft.context.Kind;
import dev.weft.context.RecallRequest;
import dev.weft.context.error.WeftException;
import dev.weft.pipelines.Runner;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A cache keeps an index open between calls and still answers as a fresh open would: after a publish, a rollback,
 * a deleted or a re-made directory by someone else; and it never holds a writer's lock between calls.
 */
class WeftCacheTest {
  @TempDir Path tmp;
  final AtomicLong clock = new AtomicLong();
  final WeftCache cache = new WeftCache(Duration.ofSeconds(60), 2, clock::get);

  @Test
  void callsShareTheOpenedIndexAndSeeAPublishByAnotherWriter() throws IOException {
    Path corpus = corpus("a.md", "# A\n\naardvark\n");
    Path index = tmp.resolve("index");
    indexColdly(corpus, index);
    OpenIndex first;
    try (Weft weft = cache.open(IndexLocation.of(index))) {
      assertThat(paths(weft, "wombat")).isEmpty();
      first = weft.reads();
    }

    Files.writeString(corpus.resolve("b.md"), "# B\n\nwombat\n");
    indexColdly(corpus, index);

    try (Weft weft = cache.open(IndexLocation.of(index))) {
      assertThat(weft.reads()).as("refreshed in place, not opened again").isSameAs(first);
      assertThat(paths(weft, "wombat")).containsExactly("b.md");
      assertThat(weft.stats().generation()).isEqualTo(2);
    }
    assertThat(cache.size()).isEqualTo(1);
  }

  @Test
  void aRollbackByAnotherProcessIsSeenByTheNextCall() throws IOException {
    Path corpus = corpus("a.md", "# A\n\naardvark\n");
    Path index = tmp.resolve("index");
    indexColdly(corpus, index);
    Files.writeString(corpus.resolve("b.md"), "# B\n\nwombat\n");
    indexColdly(corpus, index);
    try (Weft weft = cache.open(IndexLocation.of(index))) {
      assertThat(paths(weft, "wombat")).containsExactly("b.md");
    }

    try (Weft other = Weft.open(index)) {
      other.rollback(1, Duration.ZERO);
    }

    try (Weft weft = cache.open(IndexLocation.of(index))) {
      assertThat(paths(weft, "wombat")).isEmpty();
      assertThat(weft.stats().generation()).isEqualTo(1);
      assertThat(weft.generations().served()).isEqualTo(1);
    }
  }

  @Test
  void aDirectoryDeletedAndMadeAgainIsOpenedAfreshEvenAtTheSameGeneration() throws IOException {
    Path index = tmp.resolve("index");
    indexColdly(corpus("a.md", "# A\n\naardvark\n"), index);
    OpenIndex before;
    try (Weft weft = cache.open(IndexLocation.of(index))) {
      assertThat(paths(weft, "aardvark")).containsExactly("a.md");
      before = weft.reads();
    }

    delete(index);
    indexColdly(corpus("z.md", "# Z\n\nwombat\n"), index); // generation 1 again, segment _0 again

    try (Weft weft = cache.open(IndexLocation.of(index))) {
      assertThat(weft.stats().generation()).isEqualTo(1);
      assertThat(paths(weft, "aardvark")).isEmpty();
      assertThat(paths(weft, "wombat")).containsExactly("z.md");
      assertThat(weft.reads()).isNotSameAs(before);
    }
  }

  @Test
  void aDeletedDirectoryFailsAsAFreshOpenDoes() throws IOException {
    Path index = tmp.resolve("index");
    indexColdly(corpus("a.md", "# A\n\naardvark\n"), index);
    try (Weft weft = cache.open(IndexLocation.of(index))) {
      assertThat(paths(weft, "aardvark")).containsExactly("a.md");
    }

    delete(index);

    String cold;
    try (Weft weft = Weft.open(index)) {
      cold = failure(weft);
    }
    try (Weft weft = cache.open(IndexLocation.of(index))) {
      assertThat(failure(weft)).isEqualTo(cold).startsWith("no Weft index at " + index);
    }
  }

  @Test
  void anIndexClosesWhenIdleButNeverUnderACall() throws IOException {
    Path index = tmp.resolve("index");
    indexColdly(corpus("a.md", "# A\n\naardvark\n"), index);
    Weft held = cache.open(IndexLocation.of(index));
    assertThat(paths(held, "aardvark")).containsExactly("a.md");

    clock.addAndGet(Duration.ofMinutes(5).toNanos());
    assertThat(cache.closeIdle()).as("a call still reads it").isZero();
    assertThat(paths(held, "aardvark")).containsExactly("a.md");
    held.close();

    clock.addAndGet(Duration.ofSeconds(59).toNanos());
    assertThat(cache.closeIdle()).isZero();
    clock.addAndGet(Duration.ofSeconds(1).toNanos());
    assertThat(cache.closeIdle()).isEqualTo(1);
    assertThatThrownBy(() -> held.reads().index()).isInstanceOf(IllegalStateException.class);
    assertThat(cache.size()).isZero();
  }

  @Test
  void theLeastRecentlyUsedIndexBeyondTheCapacityIsClosed() throws IOException {
    Path corpus = corpus("a.md", "# A\n\naardvark\n");
    OpenIndex first = null;
    for (String name : List.of("one", "two", "three")) {
      indexColdly(corpus, tmp.resolve(name));
      try (Weft weft = cache.open(IndexLocation.of(tmp.resolve(name)))) {
        assertThat(paths(weft, "aardvark")).containsExactly("a.md");
        first = first == null ? weft.reads() : first;
      }
    }
    assertThat(cache.size()).isEqualTo(2);
    OpenIndex closed = first;
    assertThatThrownBy(closed::index).isInstanceOf(IllegalStateException.class);
  }

  @Test
  void theLedgersStoreAndItsLockAreNeverKeptBetweenCalls() {
    Path index = tmp.resolve("index");
    try (Weft weft = cache.open(IndexLocation.of(index))) {
      weft.memory(null).remember("m1", "a fact", null);
    }
    // a writer in another process (here a plain Weft) takes the store's lock at once
    try (Weft other = Weft.open(index)) {
      other.memory(null).remember("m2", "another fact", null);
    }
    try (Weft weft = cache.open(IndexLocation.of(index))) {
      assertThat(weft.environment()).isNotNull();
      weft.memory(null).remember("m3", "a third fact", null);
    }
  }

  private static String failure(Weft weft) {
    try {
      paths(weft, "aardvark");
    } catch (WeftException e) {
      return e.getMessage();
    }
    throw new AssertionError("the recall of a deleted index did not fail");
  }

  private static List<String> paths(Weft weft, String query) {
    return weft.recall(new RecallRequest(query, Set.of(Kind.DOC), 10, true)).hits().stream().map(Hit::path).toList();
  }

  private Path corpus(String file, String text) throws IOException {
    Path corpus = Files.createDirectories(tmp.resolve("corpus-" + file));
    Files.writeString(corpus.resolve(file), text);
    return corpus;
  }

  private static void indexColdly(Path corpus, Path index) {
    try (Weft weft = Weft.open(index)) {
      weft.index(IndexRun.tree(corpus).runner(Runner.INPROCESS).build());
    }
  }

  private static void delete(Path dir) throws IOException {
    try (Stream<Path> walk = Files.walk(dir)) {
      for (Path p : walk.sorted((a, b) -> b.getNameCount() - a.getNameCount()).toList()) {
        Files.delete(p);
      }
    }
  }
}
