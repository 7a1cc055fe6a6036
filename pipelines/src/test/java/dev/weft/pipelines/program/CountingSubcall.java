package dev.weft.pipelines.program;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dev.weft.context.program.CancelSignal;
import dev.weft.context.program.MapCall;
import dev.weft.context.program.Subcall;
import dev.weft.context.program.SubcallException;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntConsumer;

/**
 * A fake model counting in static fields (the runner calls a deserialized copy in this JVM): replies {@code {len:
 * N}} with the piece's length, fails the addresses in {@link #FAILING} as SERVER_ERROR, and runs {@link #atCrash}
 * at call number {@link #crashAt} (a test makes the result store unwritable there: the run fails halfway, what was
 * stored stays; a sub-call that throws cannot fail the run, its Throwable is that piece's INTERNAL result).
 */
final class CountingSubcall implements Subcall {
  private static final long serialVersionUID = 1L;
  static final AtomicInteger CALLS = new AtomicInteger();
  static final Set<String> ASKED = ConcurrentHashMap.newKeySet();
  static final Set<String> FAILING = ConcurrentHashMap.newKeySet();
  static volatile int crashAt = -1;
  static volatile Runnable atCrash = () -> { };
  /** Runs before each call with the call's number (from 1): a test's gate. */
  static volatile IntConsumer beforeCall = number -> { };

  static void reset() {
    CALLS.set(0);
    ASKED.clear();
    FAILING.clear();
    crashAt = -1;
    atCrash = () -> { };
    beforeCall = number -> { };
  }

  /** Waits for {@code latch} at most 60 s: a gate that never opens fails its test's assertion, not the run. */
  static boolean awaitQuietly(CountDownLatch latch) {
    try {
      return latch.await(60, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }

  @Override
  public JsonNode call(MapCall call, CancelSignal cancel) throws SubcallException {
    int number = CALLS.incrementAndGet();
    beforeCall.accept(number);
    if (number == crashAt) {
      atCrash.run();
    }
    ASKED.add(call.address());
    if (FAILING.contains(call.address())) {
      throw new SubcallException(SubcallException.Reason.SERVER_ERROR, "500 from the stub (test)");
    }
    return JsonNodeFactory.instance.objectNode().put("len", call.piece().length());
  }
}
