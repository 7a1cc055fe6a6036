package dev.weft.index.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.weft.context.embed.EmbedderIdentity;
import dev.weft.context.error.IndexBusyException;
import dev.weft.context.error.IndexDamagedException;
import dev.weft.context.store.Outcome;
import dev.weft.context.store.RankQuery;
import dev.weft.context.store.RankedKey;
import dev.weft.context.store.Scope;
import dev.weft.context.store.ScopeViolationException;
import dev.weft.context.store.StoredEmbedding;
import dev.weft.context.store.TextQuery;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What the Lucene store adds to the contract: one commit per write, group commit, durability, the lock. */
class LuceneStoreCommitTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  @TempDir Path tmp;

  private static ObjectNode value(String text) {
    return JSON.createObjectNode().put("text", text);
  }

  @Test
  void everyWriteIsExactlyOneCommitAndNothingElseCommits() {
    try (LuceneStore store = LuceneStore.open(tmp.resolve("ledger"))) {
      long created = store.commitCount();
      store.set("a", value("x"));
      store.delete("a");
      store.mutate(Scope.prefix("p/"), current -> Outcome.write(Map.of("p/1", value("1"), "p/2", value("2")), 0));
      assertThat(created).isEqualTo(1);
      assertThat(store.commitCount()).isEqualTo(created + 3);

      // changing nothing commits nothing: an absent key's delete, a read-only decision, a failure
      store.delete("never-there");
      store.mutate(Scope.prefix("p/"), current -> Outcome.read(current.size()));
      assertThatThrownBy(() -> store.mutate(Scope.prefix("p/"), current -> {
        throw new IllegalStateException("no");
      })).hasMessage("no");
      assertThatThrownBy(() -> store.mutate(Scope.prefix("p/"),
          current -> Outcome.write(Map.of("q/1", value("out")), 0))).isInstanceOf(ScopeViolationException.class);

      assertThat(store.commitCount()).isEqualTo(created + 3);
    }
  }

  @Test
  void writesSurviveCloseAndReopenAndStaySearchable() {
    Path dir = tmp.resolve("ledger");
    EmbedderIdentity model = new EmbedderIdentity("m", 2);
    try (LuceneStore store = LuceneStore.open(dir)) {
      ObjectNode fact = value("refunds take five days");
      fact.set(StoredEmbedding.FIELD, new StoredEmbedding(model, new float[] {1, 0}).toJson());
      store.set("fact/1", fact);
      store.set("fact/2", value("shipping"));
    }
    try (LuceneStore store = LuceneStore.open(dir)) {
      assertThat(store.keys("")).containsExactly("fact/1", "fact/2");
      assertThat(store.search(new TextQuery("fact/", "refund", 5)).hits()).extracting(RankedKey::key)
          .containsExactly("fact/1");
      assertThat(store.rank(new RankQuery("fact/", new float[] {1, 0}, model, 5)).hits()).extracting(RankedKey::key)
          .containsExactly("fact/1");
    }
  }

  /**
   * Three mutates queued while a leader waits share one commit, applied in queue order: the second's throwing
   * callback fails only the second, and the third sees what the first staged.
   */
  @Test
  void queuedMutatesShareOneCommitAndAThrowingCallbackPoisonsNoNeighbour() throws Exception {
    CountDownLatch draining = new CountDownLatch(1);
    CountDownLatch release = new CountDownLatch(1);
    CountDownLatch queued = new CountDownLatch(3);
    GroupCommit.Hooks hooks = new GroupCommit.Hooks() {
      private boolean first = true;

      @Override
      public void queued() {
        queued.countDown();
      }

      @Override
      public synchronized void beforeDrain() {
        if (first) {
          first = false;
          draining.countDown();
          await(release);
        }
      }
    };
    ExecutorService pool = Executors.newFixedThreadPool(3);
    try (LuceneStore store = LuceneStore.open(tmp.resolve("ledger"), LuceneStoreOptions.defaults(), hooks)) {
      long before = store.commitCount();
      Future<String> first = pool.submit(() -> store.mutate(Scope.prefix("g/"),
          current -> Outcome.write(Map.of("g/a", value("a")), "first")));
      await(draining);
      Future<String> second = pool.submit(() -> store.mutate(Scope.prefix("g/"), current -> {
        throw new IllegalArgumentException("second refuses");
      }));
      Future<List<String>> third = pool.submit(() -> store.mutate(Scope.prefix("g/"), current -> {
        List<String> seen = new ArrayList<>(current.keySet());
        Map<String, com.fasterxml.jackson.databind.JsonNode> next = new java.util.TreeMap<>(current);
        next.put("g/c", value("c"));
        return Outcome.write(next, seen);
      }));
      await(queued);
      release.countDown();

      assertThat(first.get(1, TimeUnit.MINUTES)).isEqualTo("first");
      assertThatThrownBy(() -> second.get(1, TimeUnit.MINUTES)).hasCauseInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining("second refuses");
      assertThat(third.get(1, TimeUnit.MINUTES)).containsExactly("g/a");
      assertThat(store.keys("g/")).containsExactly("g/a", "g/c");
      assertThat(store.commitCount()).isEqualTo(before + 1);
    } finally {
      pool.shutdownNow();
    }
  }

  @Test
  void aMutationThatCallsItsStoreIsRefusedAndWritesNothing() {
    try (LuceneStore store = LuceneStore.open(tmp.resolve("ledger"))) {
      assertThatThrownBy(() -> store.mutate(Scope.keys("a"), current -> {
        store.set("b", value("inner"));
        return Outcome.write(Map.of("a", value("outer")), 0);
      })).isInstanceOf(IllegalStateException.class).hasMessageContaining("must not call the store");

      assertThat(store.keys("")).isEmpty();
    }
  }

  @Test
  void aWriterThatCannotGetTheLockInTimeIsToldBusyNamingTheLockFile() {
    Path dir = tmp.resolve("ledger");
    try (LuceneStore holder = LuceneStore.open(dir, LuceneStoreOptions.defaults().withWriterIdle(Duration.ofHours(1)));
        LuceneStore other = LuceneStore.open(dir, LuceneStoreOptions.defaults().withLockWait(Duration.ZERO))) {
      holder.set("held", value("by the holder"));

      assertThatThrownBy(() -> other.set("mine", value("refused")))
          .isInstanceOfSatisfying(IndexBusyException.class,
              e -> assertThat(e.lockFile()).isEqualTo(dir.resolve("write.lock")))
          .hasMessageContaining(dir.resolve("write.lock").toString())
          .hasMessageContaining("retry");
      // reads never wait for the lock
      assertThat(other.get("held")).contains(value("by the holder"));
      assertThat(other.get("mine")).isEmpty();

      holder.close();
      other.set("mine", value("now"));
      assertThat(other.get("mine")).contains(value("now"));
    }
  }

  @Test
  void twoStoresOnOneDirectorySeeEachOthersCommits() {
    Path dir = tmp.resolve("ledger");
    try (LuceneStore a = LuceneStore.open(dir); LuceneStore b = LuceneStore.open(dir)) {
      a.set("from-a", value("a"));
      b.mutate(Scope.keys("counter", "from-a"), current -> {
        assertThat(current).containsKey("from-a");
        return Outcome.write(Map.of("counter", value("1"), "from-a", current.get("from-a")), 0);
      });

      assertThat(a.keys("")).containsExactly("counter", "from-a");
    }
  }

  @Test
  void aDamagedStoreIsRefusedNamingItsDirectory() throws IOException {
    Path dir = tmp.resolve("ledger");
    try (LuceneStore store = LuceneStore.open(dir)) {
      store.set("a", value("x"));
    }
    // the commit points are records in the journal (CommitPointJournalDirectory): its header overwritten
    try (FileChannel journal = FileChannel.open(dir.resolve(CommitPointJournalDirectory.FILE),
        StandardOpenOption.WRITE)) {
      journal.write(ByteBuffer.wrap(new byte[] {1, 2, 3}), 0);
    }

    assertThatThrownBy(() -> LuceneStore.open(dir))
        .isInstanceOf(IndexDamagedException.class)
        .hasMessageContaining(dir.toString())
        .hasMessageContaining("restore it from a backup");
  }

  private static void await(CountDownLatch latch) {
    try {
      if (!latch.await(1, TimeUnit.MINUTES)) {
        throw new AssertionError("a latch was not reached within a minute");
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AssertionError(e);
    }
  }
}
