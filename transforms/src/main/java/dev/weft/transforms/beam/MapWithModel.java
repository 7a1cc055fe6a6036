package dev.weft.transforms.beam;

import dev.weft.context.program.CancelSignal;
import dev.weft.context.program.MapCall;
import dev.weft.context.program.MaxConcurrent;
import dev.weft.context.program.Subcall;
import dev.weft.transforms.program.MapCalls;
import dev.weft.transforms.program.MapResult;
import dev.weft.transforms.program.StoredResult;
import java.io.IOException;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.apache.beam.sdk.coders.KvCoder;
import org.apache.beam.sdk.coders.SerializableCoder;
import org.apache.beam.sdk.coders.StringUtf8Coder;
import org.apache.beam.sdk.coders.VarIntCoder;
import org.apache.beam.sdk.io.FileIO;
import org.apache.beam.sdk.io.fs.EmptyMatchTreatment;
import org.apache.beam.sdk.metrics.Counter;
import org.apache.beam.sdk.metrics.Metrics;
import org.apache.beam.sdk.transforms.DoFn;
import org.apache.beam.sdk.transforms.Flatten;
import org.apache.beam.sdk.transforms.GroupByKey;
import org.apache.beam.sdk.transforms.PTransform;
import org.apache.beam.sdk.transforms.ParDo;
import org.apache.beam.sdk.transforms.join.CoGbkResult;
import org.apache.beam.sdk.transforms.join.CoGroupByKey;
import org.apache.beam.sdk.transforms.join.KeyedPCollectionTuple;
import org.apache.beam.sdk.values.KV;
import org.apache.beam.sdk.values.PCollection;
import org.apache.beam.sdk.values.PCollectionList;
import org.apache.beam.sdk.values.PCollectionTuple;
import org.apache.beam.sdk.values.TupleTag;
import org.apache.beam.sdk.values.TupleTagList;

/**
 * A program's {@code map} step on Beam: asks every {@link MapCall} of a {@link Subcall} with at most K calls in
 * flight in the whole job, on any runner. Each piece is keyed into one of K lanes ({@link MapCalls#laneOf}, a
 * stable hash of its address), the lanes are grouped, and each lane is asked ONE CALL AT A TIME; so however many
 * workers the runner has, no more than K calls are ever in flight. (The runner must give the lanes K workers for
 * K calls to be in flight at once: {@code --targetParallelism} on Direct, {@code --parallelism} on Flink.)
 *
 * <p>A call that fails ({@code SubcallException}) is that piece's {@code {error: {reason, message}}} result and the
 * map goes on. With {@link #withResults} each result is written to a {@link ResultStore} as soon as its call
 * returns, and a piece whose result is already stored (same address, same text) is not asked again: a re-run
 * after a crash or a stop asks only what is missing, and (by default) what failed.
 *
 * <p>Counters in namespace {@value #NAMESPACE}: {@code map_calls}, {@code map_failed}, {@code map_skipped_done},
 * {@code map_duplicate_addresses}, {@code map_stored_unreadable}. Output: every piece's result keyed by address.
 *
 * <pre>{@code
 * PCollection<KV<String, MapResult>> results = calls.apply("MapWithModel",
 *     MapWithModel.using(subcall).withMaxConcurrent(8).withResults(ResultStore.at(uri, fingerprint)));
 * }</pre>
 */
public final class MapWithModel extends PTransform<PCollection<MapCall>, PCollection<KV<String, MapResult>>> {
  public static final String NAMESPACE = "weft.program";

  private static final TupleTag<MapCall> CALLS = new TupleTag<>() {};
  private static final TupleTag<StoredResult> STORED = new TupleTag<>() {};
  private static final TupleTag<MapCall> TO_ASK = new TupleTag<>() {};
  private static final TupleTag<KV<String, MapResult>> REUSED = new TupleTag<>() {};

  private final Subcall subcall;
  private final int maxConcurrent;
  private final ResultStore store;
  private final boolean retryFailed;
  /** The group key of each lane, or null for the lane numbers themselves. */
  private final List<Integer> laneKeys;

  private MapWithModel(Subcall subcall, int maxConcurrent, ResultStore store, boolean retryFailed,
      List<Integer> laneKeys) {
    this.subcall = subcall;
    this.maxConcurrent = maxConcurrent;
    this.store = store;
    this.retryFailed = retryFailed;
    this.laneKeys = laneKeys;
  }

  /** Asks with {@code subcall}, {@value MaxConcurrent#DEFAULT} calls in flight, no result store. */
  public static MapWithModel using(Subcall subcall) {
    return new MapWithModel(Objects.requireNonNull(subcall, "subcall"), MaxConcurrent.DEFAULT, null, true,
        null);
  }

  /** At most {@code k} calls in flight in the whole job (1 to {@value MaxConcurrent#MAX}). */
  public MapWithModel withMaxConcurrent(int k) {
    MaxConcurrent.check(k);
    // lane keys are per lane: another K needs its own
    return new MapWithModel(subcall, k, store, retryFailed,
        laneKeys != null && laneKeys.size() == k ? laneKeys : null);
  }

  /** Stores each result in {@code results} as it returns, and asks only the pieces it does not hold yet. */
  public MapWithModel withResults(ResultStore results) {
    return new MapWithModel(subcall, maxConcurrent, Objects.requireNonNull(results, "results"),
        retryFailed, laneKeys);
  }

  /**
   * Whether a piece whose stored result is an {@code {error}} is asked again (default true: most failures —
   * timeouts, 429, 5xx — are passing, and a re-run is how a user retries them).
   */
  public MapWithModel withRetryFailed(boolean retry) {
    return new MapWithModel(subcall, maxConcurrent, store, retry, laneKeys);
  }

  /**
   * The group key of each lane (lane i is grouped under {@code keys.get(i)}; one distinct key per lane). The
   * bound does not depend on them; where the lanes run does: a runner that places groups by a hash of the key may
   * put two lanes on one worker, which then asks them one after the other. The pipeline picks keys that its runner
   * spreads over distinct workers (FlinkLanes); without this, lane i's key is i.
   */
  public MapWithModel withLaneKeys(List<Integer> keys) {
    if (keys == null || keys.size() != maxConcurrent || new HashSet<>(keys).size() != keys.size()) {
      throw new IllegalArgumentException("lane keys must be " + maxConcurrent
          + " distinct integers, one per lane (set maxConcurrent first), got: " + keys);
    }
    return new MapWithModel(subcall, maxConcurrent, store, retryFailed, List.copyOf(keys));
  }

  public int maxConcurrent() {
    return maxConcurrent;
  }

  @Override
  public PCollection<KV<String, MapResult>> expand(PCollection<MapCall> calls) {
    KvCoder<String, MapResult> resultCoder = KvCoder.of(StringUtf8Coder.of(), MapResultCoder.of());
    PCollection<MapCall> toAsk = calls;
    PCollectionList<KV<String, MapResult>> results = PCollectionList.empty(calls.getPipeline());
    if (store != null) {
      PCollectionTuple split = skipDone(calls);
      toAsk = split.get(TO_ASK).setCoder(MapCallCoder.of());
      results = results.and(split.get(REUSED).setCoder(resultCoder));
    }
    PCollection<KV<String, MapResult>> asked = toAsk
        .apply("KeyByLane", ParDo.of(new KeyByLaneFn(maxConcurrent, laneKeys)))
        .setCoder(KvCoder.of(VarIntCoder.of(), MapCallCoder.of()))
        .apply("GroupByLane", GroupByKey.create())
        .apply("AskLane", ParDo.of(new AskLaneFn(subcall, store)))
        .setCoder(resultCoder);
    return results.and(asked).apply("Results", Flatten.pCollections());
  }

  /**
   * Joins the calls with the stored results: {@link #TO_ASK} what is missing, {@link #REUSED} the rest. The join is
   * grouped by {@value #JOIN_BUCKETS} buckets of addresses rather than by address: a group per address cost the
   * DirectRunner a bundle per piece (10,000 pieces: about 3 minutes before the first call), while a bucket holds
   * only its stored results in memory (the calls stream past them).
   */
  private PCollectionTuple skipDone(PCollection<MapCall> calls) {
    PCollection<KV<Integer, MapCall>> keyed = calls
        .apply("KeyByBucket", ParDo.of(new KeyByBucketFn()))
        .setCoder(KvCoder.of(VarIntCoder.of(), MapCallCoder.of()));
    PCollection<KV<Integer, StoredResult>> stored = calls.getPipeline()
        .apply("ListDone", FileIO.match().filepattern(store.donePattern())
            .withEmptyMatchTreatment(EmptyMatchTreatment.ALLOW))
        .apply("ReadDone", FileIO.readMatches())
        .apply("ParseDone", ParDo.of(new ParseStoredFn()))
        .setCoder(KvCoder.of(VarIntCoder.of(), SerializableCoder.of(StoredResult.class)));
    return KeyedPCollectionTuple.of(CALLS, keyed).and(STORED, stored)
        .apply("JoinDone", CoGroupByKey.create())
        .apply("SplitDone", ParDo.of(new SplitDoneFn(retryFailed))
            .withOutputTags(TO_ASK, TupleTagList.of(REUSED)));
  }

  /** How many groups the join with the stored results has. */
  static final int JOIN_BUCKETS = 64;

  static int bucketOf(String address) {
    // another hash than the lanes', so a bucket is not one lane's pieces
    return Math.floorMod(address.hashCode(), JOIN_BUCKETS);
  }

  static final class KeyByBucketFn extends DoFn<MapCall, KV<Integer, MapCall>> {
    @ProcessElement
    public void processElement(@Element MapCall call, OutputReceiver<KV<Integer, MapCall>> out) {
      out.output(KV.of(bucketOf(call.address()), call));
    }
  }

  static final class ParseStoredFn extends DoFn<FileIO.ReadableFile, KV<Integer, StoredResult>> {
    private final Counter unreadable = Metrics.counter(NAMESPACE, "map_stored_unreadable");

    @ProcessElement
    public void processElement(@Element FileIO.ReadableFile file, OutputReceiver<KV<Integer, StoredResult>> out)
        throws IOException {
      // a file that does not parse is not done: its piece is asked again and the file overwritten
      StoredResult.parse(file.readFullyAsUTF8String()).ifPresentOrElse(
          stored -> out.output(KV.of(bucketOf(stored.address()), stored)), unreadable::inc);
    }
  }

  static final class SplitDoneFn extends DoFn<KV<Integer, CoGbkResult>, MapCall> {
    private final boolean retryFailed;
    private final Counter skipped = Metrics.counter(NAMESPACE, "map_skipped_done");
    private final Counter duplicates = Metrics.counter(NAMESPACE, "map_duplicate_addresses");

    SplitDoneFn(boolean retryFailed) {
      this.retryFailed = retryFailed;
    }

    @ProcessElement
    public void processElement(@Element KV<Integer, CoGbkResult> bucket, MultiOutputReceiver out) {
      Map<String, StoredResult> stored = new HashMap<>();
      for (StoredResult result : bucket.getValue().getAll(STORED)) {
        stored.put(result.address(), result);
      }
      Set<String> seen = new HashSet<>();
      for (MapCall call : bucket.getValue().getAll(CALLS)) {
        if (!seen.add(call.address())) {
          // results are keyed by address: a second piece under one address would overwrite the first's
          duplicates.inc();
          continue;
        }
        StoredResult done = stored.get(call.address());
        if (done != null && done.answers(call, retryFailed)) {
          skipped.inc();
          out.get(REUSED).output(KV.of(call.address(), done.result()));
        } else {
          out.get(TO_ASK).output(call);
        }
      }
    }
  }

  static final class KeyByLaneFn extends DoFn<MapCall, KV<Integer, MapCall>> {
    private final int lanes;
    private final List<Integer> keys;

    KeyByLaneFn(int lanes, List<Integer> keys) {
      this.lanes = lanes;
      this.keys = keys;
    }

    @ProcessElement
    public void processElement(@Element MapCall call, OutputReceiver<KV<Integer, MapCall>> out) {
      int lane = MapCalls.laneOf(call.address(), lanes);
      out.output(KV.of(keys == null ? lane : keys.get(lane), call));
    }
  }

  /** Asks one lane's pieces one after another: the one place calls are made, so K lanes bound them to K. */
  static final class AskLaneFn extends DoFn<KV<Integer, Iterable<MapCall>>, KV<String, MapResult>> {
    private final Subcall subcall;
    private final ResultStore store;
    private final Counter calls = Metrics.counter(NAMESPACE, "map_calls");
    private final Counter failed = Metrics.counter(NAMESPACE, "map_failed");
    private transient CancelSignal cancel;

    AskLaneFn(Subcall subcall, ResultStore store) {
      this.subcall = subcall;
      this.store = store;
    }

    @Setup
    public void setup() {
      cancel = new CancelSignal();
    }

    @ProcessElement
    public void processElement(@Element KV<Integer, Iterable<MapCall>> lane,
        OutputReceiver<KV<String, MapResult>> out) {
      for (MapCall call : lane.getValue()) {
        MapResult result = MapCalls.ask(subcall, call, cancel);
        calls.inc();
        if (result.failed()) {
          failed.inc();
        }
        // a call cancelled by the job's teardown says nothing about the piece: not kept, so it is asked again
        if (store != null && !result.cancelled()) {
          store.put(StoredResult.of(call, result));
        }
        out.output(KV.of(result.address(), result));
      }
    }

    /** A worker torn down mid-lane (a cancelled job) aborts its call in flight instead of waiting it out. */
    @Teardown
    public void teardown() {
      if (cancel != null) {
        cancel.cancel();
      }
    }
  }
}
