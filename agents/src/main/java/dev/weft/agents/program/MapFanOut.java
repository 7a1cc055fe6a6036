package dev.weft.agents.program;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.weft.context.program.CancelSignal;
import dev.weft.context.program.MapCall;
import dev.weft.context.program.Subcall;
import dev.weft.context.program.SubcallException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * One map step over pieces already ordered and capped: a fixed pool of K threads, so never more than K sub-calls
 * are in flight. A failed sub-call becomes that piece's {@code {address, error: {reason, message}}} result and the
 * map goes on; a cancel stops new calls (pieces not started are left out and counted) and reaches the calls in
 * flight through the shared {@link CancelSignal}.
 */
final class MapFanOut {
  /** After the deadline cancelled the map, how long the calls in flight get to notice. */
  static final Duration CANCEL_GRACE = Duration.ofSeconds(30);

  /**
   * @param results one per visited piece, in address order (pieces a cancel kept from starting are absent)
   * @param calls sub-calls made
   * @param failed of those, the ones that failed
   * @param notStarted pieces a cancel kept from starting
   * @param peakInFlight the most sub-calls in flight at once
   */
  record Outcome(List<JsonNode> results, int calls, int failed, int notStarted, int peakInFlight) {}

  private final Subcall subcall;
  private final int limit;
  private final CancelSignal cancel;
  private final MapProgress.Listener listener;
  private final Duration deadline;

  MapFanOut(Subcall subcall, int limit, CancelSignal cancel, MapProgress.Listener listener, Duration deadline) {
    this.subcall = subcall;
    this.limit = limit;
    this.cancel = cancel;
    this.listener = listener;
    this.deadline = deadline;
  }

  Outcome run(Step.Map step, List<Piece> pieces) throws InterruptedException {
    int total = pieces.size();
    AtomicReferenceArray<JsonNode> results = new AtomicReferenceArray<>(total);
    AtomicInteger calls = new AtomicInteger();
    AtomicInteger failed = new AtomicInteger();
    AtomicInteger done = new AtomicInteger();
    AtomicInteger inFlight = new AtomicInteger();
    AtomicInteger peak = new AtomicInteger();
    long start = System.nanoTime();
    Optional<JsonNode> schema = step.outputSchemaNode();
    ExecutorService pool = Executors.newFixedThreadPool(Math.max(1, Math.min(limit, total)), runnable -> {
      Thread thread = new Thread(runnable, "weft-map");
      thread.setDaemon(true);
      return thread;
    });
    try {
      for (int i = 0; i < total; i++) {
        int at = i;
        pool.execute(() -> {
          if (cancel.isCancelled()) {
            return;
          }
          peak.accumulateAndGet(inFlight.incrementAndGet(), Math::max);
          calls.incrementAndGet();
          JsonNode result = call(step, schema, pieces.get(at));
          if (result.has("error")) {
            failed.incrementAndGet();
          }
          results.set(at, result);
          inFlight.decrementAndGet();
          listener.onProgress(new MapProgress(done.incrementAndGet(), total, failed.get(), inFlight.get(),
              (System.nanoTime() - start) / 1_000_000));
        });
      }
      pool.shutdown();
      if (!pool.awaitTermination(deadline.toMillis(), TimeUnit.MILLISECONDS)) {
        cancel.cancel();
        pool.awaitTermination(CANCEL_GRACE.toMillis(), TimeUnit.MILLISECONDS);
      }
    } finally {
      pool.shutdownNow();
    }
    List<JsonNode> ordered = new ArrayList<>(total);
    for (int i = 0; i < total; i++) {
      JsonNode result = results.get(i);
      if (result != null) {
        ordered.add(result);
      }
    }
    return new Outcome(ordered, calls.get(), failed.get(), total - ordered.size(), peak.get());
  }

  private JsonNode call(Step.Map step, Optional<JsonNode> schema, Piece piece) {
    ObjectNode out = CanonicalJson.MAPPER.createObjectNode().put("address", piece.address());
    try {
      out.set("result", subcall.call(
          new MapCall(piece.address(), step.instruction(), piece.text(), schema), cancel));
    } catch (SubcallException e) {
      ObjectNode error = error(out, e.reason().name(), e.getMessage());
      e.detail().filter(JsonNode::isObject).ifPresent(detail -> detail.fields().forEachRemaining(field -> {
        if (!error.has(field.getKey())) {
          error.set(field.getKey(), field.getValue());
        }
      }));
    } catch (Throwable e) { // any defect, an Error too (a validator overflowing its stack)
      // A defect in a Subcall must not lose the piece or kill its thread: it is recorded like any failure.
      error(out, "INTERNAL", e.toString());
    }
    return out;
  }

  private static ObjectNode error(ObjectNode out, String reason, String message) {
    return out.putObject("error").put("reason", reason).put("message", message == null ? reason : message);
  }
}
