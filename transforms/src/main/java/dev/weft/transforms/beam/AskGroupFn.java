package dev.weft.transforms.beam;

import dev.weft.context.program.CancelSignal;
import dev.weft.context.program.MapCall;
import dev.weft.context.program.Subcall;
import dev.weft.transforms.program.MapCalls;
import dev.weft.transforms.program.MapResult;
import dev.weft.transforms.program.StoredResult;
import java.util.List;
import java.util.concurrent.CompletionService;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorCompletionService;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.beam.sdk.metrics.Counter;
import org.apache.beam.sdk.metrics.Metrics;
import org.apache.beam.sdk.transforms.DoFn;
import org.apache.beam.sdk.values.KV;

/**
 * Asks one group's pieces with up to the group's share of K calls in flight (the pattern of Flink's async I/O
 * inside the operator): the calls run on a bounded executor of this worker, each result is stored as its call
 * returns, and the processing thread alone outputs, counts and decides, since Beam's output receiver and its
 * metrics are bound to that thread. The group of key {@code keys.get(g)} gets {@link #share share(K, G, g)} calls.
 * A call failure is the piece's result (as {@link MapCalls#ask} makes it); a result that cannot be stored fails the
 * bundle and cancels the group's other calls; a call cancelled by the job's teardown is output but not stored, so a
 * re-run asks it again.
 */
final class AskGroupFn extends DoFn<KV<Integer, Iterable<MapCall>>, KV<String, MapResult>> {
  private final Subcall subcall;
  private final ResultStore store;
  private final int maxConcurrent;
  private final List<Integer> keys;
  private final Counter calls = Metrics.counter(MapWithModel.NAMESPACE, "map_calls");
  private final Counter failed = Metrics.counter(MapWithModel.NAMESPACE, "map_failed");
  private transient CancelSignal cancel;
  private transient ExecutorService executor;

  /**
   * @param keys the group keys, one per group (G = their number, 1 to K)
   */
  AskGroupFn(Subcall subcall, ResultStore store, int maxConcurrent, List<Integer> keys) {
    this.subcall = subcall;
    this.store = store;
    this.maxConcurrent = maxConcurrent;
    this.keys = List.copyOf(keys);
  }

  /** Group g's share of K calls over G groups: K / G, and one more for the first K % G groups (sum: K). */
  static int share(int k, int groups, int g) {
    if (groups < 1 || groups > k || g < 0 || g >= groups) {
      throw new IllegalArgumentException("groups must be between 1 and K = " + k + " and g below them, got: "
          + groups + " groups, g " + g);
    }
    return k / groups + (g < k % groups ? 1 : 0);
  }

  @Setup
  public void setup() {
    cancel = new CancelSignal();
    AtomicInteger threads = new AtomicInteger();
    // the largest share: a worker asks one group at a time (Beam calls a DoFn instance from one thread at once)
    executor = Executors.newFixedThreadPool(share(maxConcurrent, keys.size(), 0), task -> {
      Thread thread = new Thread(task, "weft-map-call-" + threads.incrementAndGet());
      thread.setDaemon(true); // a call never keeps a worker's JVM alive: teardown cancels it anyway
      return thread;
    });
  }

  @ProcessElement
  public void processElement(@Element KV<Integer, Iterable<MapCall>> group,
      OutputReceiver<KV<String, MapResult>> out) throws InterruptedException {
    int index = keys.indexOf(group.getKey());
    if (index < 0) {
      throw new IllegalStateException("group key " + group.getKey() + " is not one of " + keys
          + "; this is a bug in MapWithModel");
    }
    int share = share(maxConcurrent, keys.size(), index);
    CancelSignal inGroup = new CancelSignal();
    try (CancelSignal.Registration ignored = cancel.onCancel(inGroup::cancel)) {
      CompletionService<MapResult> done = new ExecutorCompletionService<>(executor);
      int inFlight = 0;
      try {
        for (MapCall call : group.getValue()) {
          if (inFlight == share) {
            emit(done, out);
            inFlight--;
          }
          done.submit(() -> askAndStore(call, inGroup));
          inFlight++;
        }
        for (; inFlight > 0; inFlight--) {
          emit(done, out);
        }
      } catch (RuntimeException | Error | InterruptedException e) {
        // the bundle fails: its other calls are aborted, not waited out (what they stored stays)
        inGroup.cancel();
        throw e;
      }
    }
  }

  /** On a call thread: asks, and stores the result at once unless the call was cancelled. */
  private MapResult askAndStore(MapCall call, CancelSignal signal) {
    MapResult result = MapCalls.ask(subcall, call, signal);
    // a call cancelled by the job's teardown says nothing about the piece: not kept, so it is asked again
    if (store != null && !result.cancelled()) {
      store.put(StoredResult.of(call, result));
    }
    return result;
  }

  /** On the processing thread: waits for the next call to return, then counts and outputs its result. */
  private void emit(CompletionService<MapResult> done, OutputReceiver<KV<String, MapResult>> out)
      throws InterruptedException {
    MapResult result;
    try {
      result = done.take().get();
    } catch (ExecutionException e) {
      // askAndStore throws only when the result cannot be stored: the bundle fails with that cause
      Throwable cause = e.getCause();
      if (cause instanceof RuntimeException runtime) {
        throw runtime;
      }
      if (cause instanceof Error error) {
        throw error;
      }
      throw new IllegalStateException("a map call failed unexpectedly: " + cause, cause);
    }
    calls.inc();
    if (result.failed()) {
      failed.inc();
    }
    out.output(KV.of(result.address(), result));
  }

  /** A worker torn down mid-group (a cancelled job) aborts its calls in flight instead of waiting them out. */
  @Teardown
  public void teardown() {
    if (cancel != null) {
      cancel.cancel();
    }
    if (executor != null) {
      executor.shutdownNow();
    }
  }
}
