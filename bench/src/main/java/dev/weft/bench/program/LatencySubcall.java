package dev.weft.bench.program;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dev.weft.context.program.CancelSignal;
import dev.weft.context.program.MapCall;
import dev.weft.context.program.Subcall;
import dev.weft.context.program.SubcallException;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A model that answers every call after a fixed latency, metered by {@link InFlightMeter#GLOBAL}; from call
 * number {@link #crashFrom} on, every call throws an Error instead (a process dying halfway: the run fails, the
 * lanes still going stop at their next call, and what was stored stays).
 */
final class LatencySubcall implements Subcall {
  private static final long serialVersionUID = 1L;
  static final AtomicLong STARTED = new AtomicLong();
  static volatile long crashFrom = Long.MAX_VALUE;

  private final long latencyMillis;

  LatencySubcall(long latencyMillis) {
    this.latencyMillis = latencyMillis;
  }

  @Override
  public JsonNode call(MapCall call, CancelSignal cancel) throws SubcallException {
    if (STARTED.incrementAndGet() >= crashFrom) {
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

  /** An Error: a map records an exception as the piece's failure, but a dying process fails the run. */
  static final class Crash extends Error {
    private static final long serialVersionUID = 1L;

    Crash(String message) {
      super(message);
    }
  }
}
