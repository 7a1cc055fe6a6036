package dev.weft.index.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.weft.context.error.IndexBusyException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The writer, and so the lock, is kept while writes keep coming and given up once they stop for the idle time. */
class WriterIdleTest {
  private static final Duration IDLE = Duration.ofMillis(250);
  @TempDir Path tmp;

  /** Scheduled tasks wait for the test to run them; the clock moves when the test says. */
  private static final class Hand implements IdleScheduler {
    final List<Runnable> tasks = new ArrayList<>();
    final List<Duration> delays = new ArrayList<>();
    final AtomicLong now = new AtomicLong();

    @Override
    public synchronized void schedule(Runnable task, Duration delay) {
      tasks.add(task);
      delays.add(delay);
    }

    synchronized void runDue() {
      List<Runnable> due = new ArrayList<>(tasks);
      tasks.clear();
      due.forEach(Runnable::run);
    }

    @Override
    public void close() {}
  }

  private static ObjectNode value(String text) {
    return JsonNodeFactory.instance.objectNode().put("text", text);
  }

  @Test
  void theWriterIsKeptUntilNoWriteCameForTheIdleTimeThenAnotherProcessGetsTheLock() {
    Path dir = tmp.resolve("ledger");
    Hand hand = new Hand();
    try (LuceneStore store = LuceneStore.open(dir, LuceneStoreOptions.defaults().withWriterIdle(IDLE), hand,
        hand.now::get);
        LuceneStore other = LuceneStore.open(dir, LuceneStoreOptions.defaults().withLockWait(Duration.ZERO)
            .withWriterIdle(Duration.ZERO))) {
      store.set("a", value("1"));
      hand.now.addAndGet(IDLE.toNanos() / 2);
      store.set("b", value("2"));
      long commitsAfterBurst = store.commitCount();
      assertThat(hand.delays).containsExactly(IDLE);

      // the check due at the first write's idle time finds the second write more recent: kept, checked again
      hand.now.addAndGet(IDLE.toNanos() / 2);
      hand.runDue();
      assertThat(hand.delays).containsExactly(IDLE, IDLE.dividedBy(2));
      assertThatThrownBy(() -> other.set("c", value("3"))).isInstanceOf(IndexBusyException.class);
      assertThat(other.get("b")).contains(value("2"));

      hand.now.addAndGet(IDLE.toNanos() / 2);
      hand.runDue();
      other.set("c", value("3"));

      assertThat(store.keys("")).containsExactly("a", "b", "c");
      // closing the idle writer committed nothing of its own: nothing was left to commit
      assertThat(store.commitCount()).isEqualTo(commitsAfterBurst);
    }
  }

  @Test
  void withNoIdleTimeTheLockIsFreeAfterEveryWrite() {
    Path dir = tmp.resolve("ledger");
    Hand hand = new Hand();
    LuceneStoreOptions noIdle = LuceneStoreOptions.defaults().withWriterIdle(Duration.ZERO)
        .withLockWait(Duration.ZERO);
    try (LuceneStore store = LuceneStore.open(dir, noIdle, hand, hand.now::get);
        LuceneStore other = LuceneStore.open(dir, noIdle)) {
      store.set("a", value("1"));
      other.set("b", value("2"));
      store.set("c", value("3"));

      assertThat(hand.tasks).isEmpty();
      assertThat(other.keys("")).containsExactly("a", "b", "c");
    }
  }

  @Test
  void aStoreThatKeepsItsWriterStillSeesEveryWriteOfItsOwnAndClosingFreesTheLock() {
    Path dir = tmp.resolve("ledger");
    Hand hand = new Hand();
    LuceneStore store = LuceneStore.open(dir, LuceneStoreOptions.defaults().withWriterIdle(IDLE), hand,
        hand.now::get);
    try (store; LuceneStore other = LuceneStore.open(dir, LuceneStoreOptions.defaults()
        .withLockWait(Duration.ZERO))) {
      for (int i = 0; i < 5; i++) {
        store.set("k" + i, value("v" + i));
        assertThat(store.get("k" + i)).contains(value("v" + i));
      }
      store.close();
      other.set("after", value("close"));
      assertThat(other.keys("")).containsExactly("after", "k0", "k1", "k2", "k3", "k4");
    }
  }

  @Test
  void theIdleTimeMustNotBeNegative() {
    assertThatThrownBy(() -> LuceneStoreOptions.defaults().withWriterIdle(Duration.ofMillis(-1)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("the writer idle time must not be negative, got: PT-0.001S");
  }
}
