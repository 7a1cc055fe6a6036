package dev.weft.agents.program;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.context.env.SlotEnvironment;
import dev.weft.context.program.CancelSignal;
import dev.weft.context.program.Subcall;
import dev.weft.context.program.SubcallException;
import dev.weft.context.store.InMemoryStore;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The fan-out's bounds, driven with latches and barriers (no sleeps). */
class MapFanOutTest {
  private static final Step.Map MAP = new Step.Map(0, "input", "m", "x", "", 0);
  private final ExecutorService driver = Executors.newSingleThreadExecutor();

  @AfterEach
  void stop() {
    driver.shutdownNow();
  }

  private static List<Piece> pieces(int n) {
    List<Piece> pieces = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      pieces.add(new Piece("p" + i, "t"));
    }
    return pieces;
  }

  @Test
  void neverMoreThanKInFlightAndKAreReached() throws Exception {
    int k = 4;
    AtomicInteger inFlight = new AtomicInteger();
    AtomicInteger peak = new AtomicInteger();
    // every call waits until k calls are in flight together: passes only if k run at once, and the counter
    // shows whether a (k+1)th ever joined them
    CyclicBarrier together = new CyclicBarrier(k);
    Subcall gathering = (call, cancel) -> {
      peak.accumulateAndGet(inFlight.incrementAndGet(), Math::max);
      try {
        together.await(30, TimeUnit.SECONDS);
      } catch (Exception e) {
        throw new SubcallException(SubcallException.Reason.TIMEOUT, "barrier: " + e);
      } finally {
        inFlight.decrementAndGet();
      }
      return CanonicalJson.MAPPER.nullNode();
    };

    MapFanOut.Outcome outcome = new MapFanOut(gathering, k, CancelSignal.none(), MapProgress.Listener.none(),
        Duration.ofMinutes(1)).run(MAP, pieces(4 * k));

    assertThat(peak.get()).isEqualTo(k);
    assertThat(outcome.peakInFlight()).isEqualTo(k);
    assertThat(outcome.calls()).isEqualTo(4 * k);
    assertThat(outcome.failed()).isZero();
  }

  @Test
  void cancelStopsNewCallsAndReachesEveryCallInFlight() throws Exception {
    CountDownLatch twoInFlight = new CountDownLatch(2);
    AtomicInteger calls = new AtomicInteger();
    AtomicInteger aborted = new AtomicInteger();
    Subcall waitsForCancel = (call, cancel) -> {
      calls.incrementAndGet();
      CountDownLatch abort = new CountDownLatch(1);
      try (CancelSignal.Registration registration = cancel.onCancel(abort::countDown)) {
        twoInFlight.countDown();
        if (!abort.await(30, TimeUnit.SECONDS)) {
          throw new SubcallException(SubcallException.Reason.TIMEOUT, "never cancelled");
        }
        aborted.incrementAndGet();
        throw new SubcallException(SubcallException.Reason.CANCELLED, "aborted by the run's cancel");
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new SubcallException(SubcallException.Reason.CANCELLED, "interrupted");
      }
    };
    CancelSignal cancel = new CancelSignal();

    Future<MapFanOut.Outcome> run = driver.submit(() -> new MapFanOut(waitsForCancel, 2, cancel,
        MapProgress.Listener.none(), Duration.ofMinutes(1)).run(MAP, pieces(10)));
    assertThat(twoInFlight.await(30, TimeUnit.SECONDS)).isTrue();
    cancel.cancel();
    MapFanOut.Outcome outcome = run.get(30, TimeUnit.SECONDS);

    assertThat(aborted.get()).isEqualTo(2);
    assertThat(calls.get()).isEqualTo(2);
    assertThat(outcome.calls()).isEqualTo(2);
    assertThat(outcome.failed()).isEqualTo(2);
    assertThat(outcome.notStarted()).isEqualTo(8);
    assertThat(outcome.results()).allSatisfy(r -> assertThat(r.at("/error/reason").asText()).isEqualTo("CANCELLED"));
  }

  @Test
  void anErrorInASubcallIsThatPiecesInternalFailureAndNoPieceIsLost() throws Exception {
    // a StackOverflowError once killed each weft-map thread: no result, "0 failed, 3 not visited"
    Subcall overflowing = (call, cancel) -> {
      throw new StackOverflowError();
    };

    MapFanOut.Outcome outcome = new MapFanOut(overflowing, 2, CancelSignal.none(), MapProgress.Listener.none(),
        Duration.ofMinutes(1)).run(MAP, pieces(3));

    assertThat(outcome.results()).hasSize(3)
        .allSatisfy(result -> assertThat(result.at("/error/reason").asText()).isEqualTo("INTERNAL"));
    assertThat(outcome.failed()).isEqualTo(3);
    assertThat(outcome.notStarted()).isZero();
  }

  @Test
  void aCancelledRunStopsBeforeItsNextStepAndIsNotOk() throws Exception {
    CancelSignal cancel = new CancelSignal();
    Subcall cancelsOnFirstCall = (call, signal) -> {
      signal.cancel();
      return CanonicalJson.MAPPER.nullNode();
    };
    Plan plan = ProgramCompiler.compileText(ProgramRunnerTest.PROGRAM, n -> false).planOrThrow();

    RunResult result = new ProgramRunner(new SlotEnvironment(new InMemoryStore()), cancelsOnFirstCall,
        RunOptions.defaults().withMaxConcurrent(1)).run(plan, ProgramRunnerTest.records(), cancel,
        MapProgress.Listener.none());

    assertThat(result.ok()).isFalse();
    assertThat(result.subcalls()).isEqualTo(1);
    assertThat(result.unvisited()).isEqualTo(1);
    assertThat(result.steps()).extracting(RunResult.StepReport::op).containsExactly("chunk", "grep", "map");
  }

  @Test
  void theDeadlineCancelsTheCallsInFlight() throws Exception {
    CountDownLatch release = new CountDownLatch(1);
    Subcall hangsUntilCancelled = (call, cancel) -> {
      try (CancelSignal.Registration registration = cancel.onCancel(release::countDown)) {
        if (!release.await(30, TimeUnit.SECONDS)) {
          throw new SubcallException(SubcallException.Reason.TIMEOUT, "never cancelled");
        }
        throw new SubcallException(SubcallException.Reason.CANCELLED, "deadline");
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new SubcallException(SubcallException.Reason.CANCELLED, "interrupted");
      }
    };
    CancelSignal cancel = new CancelSignal();

    // the call blocks until the deadline cancels it, so the deadline only decides how long the test takes; 1 ms
    // sometimes passed before the pool's thread had started the first call on a loaded machine (calls 0, not 1)
    MapFanOut.Outcome outcome = new MapFanOut(hangsUntilCancelled, 1, cancel, MapProgress.Listener.none(),
        Duration.ofMillis(300)).run(MAP, pieces(3));

    assertThat(cancel.isCancelled()).isTrue();
    assertThat(outcome.calls()).isEqualTo(1);
    assertThat(outcome.notStarted()).isEqualTo(2);
    assertThat(outcome.results().get(0).at("/error/message").asText()).isEqualTo("deadline");
  }
}
