package dev.weft.index;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.lucene.store.LockObtainFailedException;
import org.junit.jupiter.api.Test;

/** --wait SECONDS: polls the lock until a deadline, on an injected clock. */
class LockWaitTest {
  private final AtomicLong now = new AtomicLong();
  private final List<Duration> sleeps = new ArrayList<>();

  private LockWait waiting(Duration wait) {
    return new LockWait(wait, d -> {
      sleeps.add(d);
      now.addAndGet(d.toNanos());
    }, now::get);
  }

  @Test
  void zeroWaitTriesOnceAndGivesUp() {
    AtomicInteger tries = new AtomicInteger();
    assertThatThrownBy(() -> waiting(Duration.ZERO).call(() -> {
      tries.incrementAndGet();
      throw new LockObtainFailedException("held");
    })).isInstanceOf(LockObtainFailedException.class);
    assertThat(tries).hasValue(1);
    assertThat(sleeps).isEmpty();
  }

  @Test
  void pollsUntilTheLockIsFree() throws Exception {
    AtomicInteger tries = new AtomicInteger();
    String result = waiting(Duration.ofSeconds(10)).call(() -> {
      if (tries.incrementAndGet() < 3) {
        throw new LockObtainFailedException("held");
      }
      return "locked";
    });
    assertThat(result).isEqualTo("locked");
    assertThat(sleeps).containsExactly(LockWait.POLL, LockWait.POLL);
  }

  @Test
  void givesUpAtTheDeadlineWithoutSleepingPastIt() {
    assertThatThrownBy(() -> waiting(Duration.ofMillis(600)).call(() -> {
      throw new LockObtainFailedException("held");
    })).isInstanceOf(LockObtainFailedException.class);
    assertThat(sleeps).containsExactly(LockWait.POLL, LockWait.POLL, Duration.ofMillis(100));
  }
}
