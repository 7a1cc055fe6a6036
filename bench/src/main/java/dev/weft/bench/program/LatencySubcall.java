package dev.weft.bench.program;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dev.weft.context.program.CancelSignal;
import dev.weft.context.program.MapCall;
import dev.weft.context.program.Subcall;
import dev.weft.context.program.SubcallException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A model that answers every call after a fixed latency, metered by {@link InFlightMeter#GLOBAL}; from call
 * number {@link #crashFrom} on, the run dies: the first such call runs {@link #atCrash} (which takes the result
 * store away, as a dying worker's disk would be), and every such call throws an Error. The map keeps an Error as
 * that piece's INTERNAL failure, and writing it fails against the missing store, which fails the run; the lanes
 * still going stop at their next call, and what was stored stays.
 */
final class LatencySubcall implements Subcall {
  private static final long serialVersionUID = 1L;
  static final AtomicLong STARTED = new AtomicLong();
  static volatile long crashFrom = Long.MAX_VALUE;
  static volatile Runnable atCrash = () -> {};
  private static final AtomicBoolean CRASHED = new AtomicBoolean();

  private final long latencyMillis;

  LatencySubcall(long latencyMillis) {
    this.latencyMillis = latencyMillis;
  }

  @Override
  public JsonNode call(MapCall call, CancelSignal cancel) throws SubcallException {
    if (STARTED.incrementAndGet() >= crashFrom) {
      if (CRASHED.compareAndSet(false, true)) {
        atCrash.run();
      }
      throw new Crash("the bench killed the run at call " + crashFrom);
    }
    InFlightMeter.GLOBAL.enter();
    try {
      Thread.sleep(latencyMillis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new SubcallException(SubcallException.Reason.CANCELLED, "interrupted while waiting for the reply");
    } finally {
      InFlightMeter.GLOBAL.exit();
    }
    return JsonNodeFactory.instance.objectNode().put("chars", call.piece().length());
  }

  /** Resets the crash: from call {@code from} on (Long.MAX_VALUE: never), {@code hook} first. */
  static void crashFrom(long from, Runnable hook) {
    STARTED.set(0);
    CRASHED.set(false);
    atCrash = hook;
    crashFrom = from;
  }

  /** An Error, as a dying process would throw: the map keeps it as the piece's INTERNAL failure. */
  static final class Crash extends Error {
    private static final long serialVersionUID = 1L;

    Crash(String message) {
      super(message);
    }
  }
}
