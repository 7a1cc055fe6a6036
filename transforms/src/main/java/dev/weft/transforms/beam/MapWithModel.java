package dev.weft.transforms.beam;

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
import java.util.stream.IntStream;
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
 * flight in the whole job, on any runner and at any parallelism. The pieces are split into G groups ({@link
 * MapCalls#laneOf}, a stable hash of the address, modulo G), the groups are grouped by key, and the worker that
 * holds group g keeps up to its share of K in flight at once ({@code K / G}, one more for the first {@code K % G}
 * groups; the shares add up to K), on a bounded executor of its own: the pattern of Flink's async I/O, since a
 * model call is a network wait and not CPU. So K calls are in flight whether the job has one worker or K, and never
 * more. The pipeline picks G = min(K, P) for a job of parallelism P ({@link #withGroupKeys}), one group per worker;
 * by default G = K, each group asking one call at a time.
 *
 * <p>A call that fails ({@code SubcallException}) is that piece's {@code {error: {reason, message}}} result and the
 * map goes on. With {@link #withResults} each result is written to a {@link ResultStore} as soon as its call
 * returns, and a piece whose result is already stored (same address, same text) is not asked again: a re-run
 * after a crash or a stop asks only what is missing, and (by default) what failed. A result that cannot be stored
 * fails the run (the group's other calls are cancelled); a call cancelled by a torn-down worker is not stored.
 *
 * <p>Counters in namespace {@value #NAMESPACE}: {@code map_calls}, {@code map_failed}, {@code map_skipped_done},
 * {@code map_duplicate_addresses}, {@code map_stored_unreadable}, all counted on the processing thread. Output:
 * every piece's result keyed by address.
 *
 * <pre>{@code
 * PCollection<KV<String, MapResult>> results = calls.apply("MapWithModel",
 *     MapWithModel.using(subcall).withMaxConcurrent(8).withGroupKeys(List.of(0, 1))
 *         .withResults(ResultStore.at(uri, fingerprint)));
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
  /** The key of each group (G = its size, 1 to K), or null for K groups keyed 0 to K-1. */
  private final List<Integer> groupKeys;

  private MapWithModel(Subcall subcall, int maxConcurrent, ResultStore store, boolean retryFailed,
      List<Integer> groupKeys) {
    this.subcall = subcall;
    this.maxConcurrent = maxConcurrent;
    this.store = store;
    this.retryFailed = retryFailed;
    this.groupKeys = groupKeys;
  }

  /** Asks with {@code subcall}, {@value MaxConcurrent#DEFAULT} calls in flight, no result store. */
  public static MapWithModel using(Subcall subcall) {
    return new MapWithModel(Objects.requireNonNull(subcall, "subcall"), MaxConcurrent.DEFAULT, null, true,
        null);
  }

  /** At most {@code k} calls in flight in the whole job (1 to {@value MaxConcurrent#MAX}). */
  public MapWithModel withMaxConcurrent(int k) {
    MaxConcurrent.check(k);
    // more groups than calls in flight would leave a group without a share: the keys then go
    return new MapWithModel(subcall, k, store, retryFailed,
        groupKeys != null && groupKeys.size() <= k ? groupKeys : null);
  }

  /** Stores each result in {@code results} as it returns, and asks only the pieces it does not hold yet. */
  public MapWithModel withResults(ResultStore results) {
    return new MapWithModel(subcall, maxConcurrent, Objects.requireNonNull(results, "results"),
        retryFailed, groupKeys);
  }

  /**
   * Whether a piece whose stored result is an {@code {error}} is asked again (default true: most failures —
   * timeouts, 429, 5xx — are passing, and a re-run is how a user retries them).
   */
  public MapWithModel withRetryFailed(boolean retry) {
    return new MapWithModel(subcall, maxConcurrent, store, retry, groupKeys);
  }

  /**
   * Splits the calls into G = {@code keys.size()} groups (1 to K), group g grouped under {@code keys.get(g)} and
   * keeping its share of K in flight. The bound does not depend on the keys; where the groups run does: a runner
   * that places groups by a hash of the key may put two groups on one worker, which then asks them one after the
   * other. The pipeline picks G = min(K, parallelism) keys that its runner spreads over distinct workers
   * (FlinkLanes on Flink).
   */
  public MapWithModel withGroupKeys(List<Integer> keys) {
    if (keys == null || keys.isEmpty() || keys.size() > maxConcurrent || new HashSet<>(keys).size() != keys.size()) {
      throw new IllegalArgumentException("group keys must be 1 to " + maxConcurrent
          + " distinct integers, one per group (set maxConcurrent first), got: " + keys);
    }
    return new MapWithModel(subcall, maxConcurrent, store, retryFailed, List.copyOf(keys));
  }

  /** The keys 0 to {@code groups - 1}: for a runner that gives every key a worker of its own (Direct). */
  public MapWithModel withGroups(int groups) {
    if (groups < 1) {
      throw new IllegalArgumentException("groups must be at least 1, got: " + groups);
    }
    return withGroupKeys(IntStream.range(0, groups).boxed().toList());
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
    List<Integer> keys = groupKeys != null ? groupKeys : IntStream.range(0, maxConcurrent).boxed().toList();
    PCollection<KV<String, MapResult>> asked = toAsk
        .apply("KeyByLane", ParDo.of(new KeyByLaneFn(keys)))
        .setCoder(KvCoder.of(VarIntCoder.of(), MapCallCoder.of()))
        .apply("GroupByLane", GroupByKey.create())
        .apply("AskLane", ParDo.of(new AskGroupFn(subcall, store, maxConcurrent, keys)))
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

  /** Keys each piece by its group's key: group {@code laneOf(address, G)}. */
  static final class KeyByLaneFn extends DoFn<MapCall, KV<Integer, MapCall>> {
    private final List<Integer> keys;

    KeyByLaneFn(List<Integer> keys) {
      this.keys = keys;
    }

    @ProcessElement
    public void processElement(@Element MapCall call, OutputReceiver<KV<Integer, MapCall>> out) {
      out.output(KV.of(keys.get(MapCalls.laneOf(call.address(), keys.size())), call));
    }
  }
}
