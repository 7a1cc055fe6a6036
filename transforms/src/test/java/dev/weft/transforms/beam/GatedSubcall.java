package dev.weft.transforms.beam;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dev.weft.context.program.CancelSignal;
import dev.weft.context.program.MapCall;
import dev.weft.context.program.Subcall;
import dev.weft.context.program.SubcallException;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A fake model for the map tests, counting in static fields (the runner calls a deserialized copy in this JVM).
 * Each call waits — up to a deadline, never longer — until {@code gate} calls are in flight together, so calls
 * that may overlap do overlap and the most ever in flight is observed rather than left to chance. Replies
 * {@code "seen:<piece>"}; addresses in {@link #FAILING} fail with TIMEOUT; the call numbered {@link #crashAt}
 * runs {@link #atCrash} first (a test makes the result store unwritable there, so the run fails halfway: a sub-call
 * that throws no longer can, its Throwable is that piece's INTERNAL result).
 */
public final class GatedSubcall implements Subcall {
  private static final long serialVersionUID = 1L;
  public static final AtomicInteger IN_FLIGHT = new AtomicInteger();
  public static final AtomicInteger MAX_IN_FLIGHT = new AtomicInteger();
  public static final AtomicInteger CALLS = new AtomicInteger();
  public static final Set<String> ASKED = ConcurrentHashMap.newKeySet();
  public static final Set<String> FAILING = ConcurrentHashMap.newKeySet();
  static volatile int crashAt = -1;
  static volatile Runnable atCrash = () -> { };

  private final int gate;

  /** @param gate how many calls each call waits (bounded) to see in flight together */
  public GatedSubcall(int gate) {
    this.gate = gate;
  }

  public static void reset() {
    IN_FLIGHT.set(0);
    MAX_IN_FLIGHT.set(0);
    CALLS.set(0);
    ASKED.clear();
    FAILING.clear();
    crashAt = -1;
    atCrash = () -> { };
  }

  @Override
  public JsonNode call(MapCall call, CancelSignal cancel) throws SubcallException {
    int number = CALLS.incrementAndGet();
    if (number == crashAt) {
      atCrash.run();
    }
    ASKED.add(call.address());
    int now = IN_FLIGHT.incrementAndGet();
    MAX_IN_FLIGHT.accumulateAndGet(now, Math::max);
    try {
      awaitGate();
      if (FAILING.contains(call.address())) {
        throw new SubcallException(SubcallException.Reason.TIMEOUT, "no reply within 1 s (test)");
      }
      return JsonNodeFactory.instance.textNode("seen:" + call.piece());
    } finally {
      IN_FLIGHT.decrementAndGet();
    }
  }

  private void awaitGate() {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(2);
    synchronized (IN_FLIGHT) {
      IN_FLIGHT.notifyAll();
      while (IN_FLIGHT.get() < gate && System.nanoTime() < deadline) {
        try {
          IN_FLIGHT.wait(Math.max(1, TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime())));
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          return;
        }
      }
    }
  }
}
