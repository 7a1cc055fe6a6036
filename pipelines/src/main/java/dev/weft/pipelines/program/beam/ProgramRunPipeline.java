package dev.weft.pipelines.program.beam;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.weft.agents.program.MapProgress;
import dev.weft.context.Chunk;
import dev.weft.context.DeadLetter;
import dev.weft.context.program.MapCall;
import dev.weft.context.program.Subcall;
import dev.weft.pipelines.ingest.beam.FlinkSlots;
import dev.weft.pipelines.ingest.beam.LocationUri;
import dev.weft.transforms.beam.CapSubcalls;
import dev.weft.transforms.beam.MapCallCoder;
import dev.weft.transforms.beam.MapWithModel;
import dev.weft.transforms.beam.ReadDatasetRecords;
import dev.weft.transforms.beam.ReadIndexChunks;
import dev.weft.transforms.beam.ResourcePaths;
import dev.weft.transforms.beam.ResultStore;
import dev.weft.transforms.beam.WriteMapResultsParquet;
import dev.weft.transforms.dataset.DatasetChangeSet;
import dev.weft.transforms.dataset.DatasetPlanner;
import dev.weft.transforms.dataset.DatasetRecord;
import dev.weft.transforms.program.MapResult;
import java.io.IOException;
import java.io.Serializable;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.apache.beam.runners.direct.DirectOptions;
import org.apache.beam.runners.direct.DirectRunner;
import org.apache.beam.runners.flink.FlinkPipelineOptions;
import org.apache.beam.runners.flink.FlinkRunner;
import org.apache.beam.sdk.Pipeline;
import org.apache.beam.sdk.PipelineResult;
import org.apache.beam.sdk.coders.KvCoder;
import org.apache.beam.sdk.coders.StringUtf8Coder;
import org.apache.beam.sdk.io.FileSystems;
import org.apache.beam.sdk.io.fs.EmptyMatchTreatment;
import org.apache.beam.sdk.transforms.DoFn;
import org.apache.beam.sdk.transforms.FlatMapElements;
import org.apache.beam.sdk.transforms.MapElements;
import org.apache.beam.sdk.transforms.ParDo;
import org.apache.beam.sdk.values.KV;
import org.apache.beam.sdk.values.PCollection;
import org.apache.beam.sdk.values.TypeDescriptors;

/**
 * A program's map over a large source as a Beam pipeline: the source's pieces (an index's chunks via {@code
 * ReadIndexChunks}, a dataset's records via {@code ReadDatasetRecords}) → the per-piece steps before the map
 * ({@link PieceSteps}: chunk, grep) → {@code CapSubcalls} (maxSubcalls: the first N in address order) → {@code
 * MapWithModel} (min(K, P) groups, K calls in flight in all, results kept in the result store) → {@code
 * WriteMapResultsParquet}. The driver then reads the results back in address order ({@link MapOutcome}); what
 * follows the map (reduce, answer) runs there.
 *
 * <p>{@link #build} wires, {@link #run} runs and reads back (Beam WordCount style).
 */
public final class ProgramRunPipeline {
  /** How often a running pipeline's counters are reported. */
  static final long PROGRESS_EVERY_MILLIS = 1000;
  private static final ObjectMapper JSON = new ObjectMapper();

  private ProgramRunPipeline() {}

  /**
   * The map step as compiled.
   *
   * @param outputSchema the reply's JSON Schema as JSON text, {@code ""} for a free-text reply
   * @param maxSubcalls the step's own cap, 0 for none ({@code --maxSubcalls} overrides it)
   */
  public record MapStep(String instruction, String outputSchema, int maxSubcalls) implements Serializable {
    public MapStep {
      Objects.requireNonNull(instruction, "instruction");
      Objects.requireNonNull(outputSchema, "outputSchema");
    }
  }

  /**
   * Runs the pipeline and waits for it; the results come back in {@code order}.
   *
   * @param fingerprint the program fingerprint results are kept under
   * @throws IllegalStateException when the pipeline fails or ends in any state but DONE
   */
  public static <C extends Comparator<String> & Serializable> MapOutcome run(ProgramRunOptions options,
      PieceSteps beforeMap, MapStep map, String fingerprint, Subcall subcall, C order) {
    return run(options, beforeMap, map, fingerprint, subcall, order, MapProgress.Listener.none());
  }

  /**
   * As {@link #run(ProgramRunOptions, PieceSteps, MapStep, String, Subcall, Comparator)}, reporting the map's
   * counters to {@code progress} about once a second while the pipeline runs, and once at the end. On Direct the
   * run is started without blocking so the driver can poll its metrics; the Flink runner returns only when the job
   * is done, so there the one report is the last.
   */
  public static <C extends Comparator<String> & Serializable> MapOutcome run(ProgramRunOptions options,
      PieceSteps beforeMap, MapStep map, String fingerprint, Subcall subcall, C order,
      MapProgress.Listener progress) {
    Objects.requireNonNull(progress, "progress");
    if (options.getRunner() == DirectRunner.class) {
      options.as(DirectOptions.class).setBlockOnRun(false);
    }
    List<DeadLetter> deadLetters = new ArrayList<>();
    Pipeline pipeline = build(options, beforeMap, map, fingerprint, subcall, order, deadLetters);
    Path output = output(options);
    ResultFiles.clear(output);
    String runner = options.getRunner().getSimpleName();
    PipelineResult result;
    PipelineResult.State state;
    try {
      long started = System.nanoTime();
      ResultStore store = ResultStore.at(LocationUri.text(options.getResults()), fingerprint);
      // the Flink runner's run() returns only when the job is done: meanwhile the stored results are the progress
      ScheduledExecutorService whileBlocked = options.getRunner() == DirectRunner.class
          ? null : reportStored(progress, started, store);
      try {
        result = pipeline.run();
      } finally {
        if (whileBlocked != null) {
          whileBlocked.shutdownNow();
        }
      }
      state = awaitReporting(result, progress, started, options.getMaxConcurrent(), store);
    } catch (RuntimeException e) {
      // the runner wraps what failed (Flink: "Pipeline execution failed" over three layers): say the root
      throw new IllegalStateException("program pipeline on " + runner + " failed over " + options.getSource()
          + ": " + rootMessage(e) + "; the results stored so far are kept: re-run to ask only what is missing", e);
    }
    if (state != PipelineResult.State.DONE) {
      throw new IllegalStateException("program pipeline on " + runner + " must finish in state DONE, got: "
          + state + "; re-run to ask only what is missing");
    }
    ResultFiles.complete(output);
    List<MapResult> results = new ArrayList<>(ResultFiles.read(output));
    results.sort((a, b) -> order.compare(a.address(), b.address()));
    long failed = results.stream().filter(MapResult::failed).count();
    return new MapOutcome(results, Counters.of(result, "map_items"), Counters.of(result, "map_not_visited"),
        Counters.of(result, "map_calls"), failed, Counters.of(result, "map_skipped_done"), deadLetters);
  }

  /** Waits for the run, reporting its progress each {@value #PROGRESS_EVERY_MILLIS} ms and when it ends. */
  private static PipelineResult.State awaitReporting(PipelineResult result, MapProgress.Listener progress,
      long startedNanos, int k, ResultStore store) {
    while (true) {
      PipelineResult.State state = result.waitUntilFinish(org.joda.time.Duration.millis(PROGRESS_EVERY_MILLIS));
      boolean ended = state != null && state.isTerminal();
      progress.onProgress(progressOf(result, startedNanos, k, ended ? -1 : stored(store)));
      if (ended) {
        return state;
      }
    }
  }

  /**
   * Reports the results stored so far each {@value #PROGRESS_EVERY_MILLIS} ms from a daemon thread, for a runner
   * whose {@code run()} blocks: the total and the failures are not known until its counters come back at the end.
   */
  static ScheduledExecutorService reportStored(MapProgress.Listener progress, long startedNanos,
      ResultStore store) {
    ScheduledExecutorService poller = Executors.newSingleThreadScheduledExecutor(task -> {
      Thread thread = new Thread(task, "weft-program-progress");
      thread.setDaemon(true);
      return thread;
    });
    poller.scheduleWithFixedDelay(() -> {
      long stored = stored(store);
      if (stored >= 0) {
        progress.onProgress(new MapProgress((int) stored, MapProgress.UNKNOWN_TOTAL, 0, 0,
            (System.nanoTime() - startedNanos) / 1_000_000));
      }
    }, PROGRESS_EVERY_MILLIS, PROGRESS_EVERY_MILLIS, TimeUnit.MILLISECONDS);
    return poller;
  }

  /** Results stored so far (this run's and earlier runs'), or -1 when the store cannot be listed now. */
  private static long stored(ResultStore store) {
    try {
      return FileSystems.match(store.donePattern(), EmptyMatchTreatment.ALLOW).metadata().size();
    } catch (IOException e) {
      return -1; // progress only: the next report lists again, the run's outcome does not depend on it
    }
  }

  /**
   * The map's progress: the pieces past the cap are the total. A runner commits counters per bundle, and a group is
   * one bundle, so while the map runs the pieces done are the results stored so far (each is stored as its call
   * returns; the count may include results of an earlier run of the same program, hence the cap at the total);
   * at the end ({@code stored} -1) the counters, which are exact then. Calls in flight are not counted by the
   * pipeline: while it runs, at most K of what is left. Failures are the counters' (known per finished group).
   */
  static MapProgress progressOf(PipelineResult result, long startedNanos, int k, long stored) {
    long total = Counters.of(result, "map_items") - Counters.of(result, "map_not_visited");
    long counted = Counters.of(result, "map_calls") + Counters.of(result, "map_skipped_done");
    long done = stored < 0 ? counted : Math.max(counted, Math.min(stored, total));
    long inFlight = stored < 0 ? 0 : Math.max(0, Math.min(k, total - done));
    return new MapProgress((int) done, (int) Math.max(total, done), (int) Counters.of(result, "map_failed"),
        (int) inFlight, (System.nanoTime() - startedNanos) / 1_000_000);
  }

  /**
   * Wires the pipeline without running it.
   *
   * @param deadLetters receives the source records that cannot be pieces (planned on the driver)
   */
  public static <C extends Comparator<String> & Serializable> Pipeline build(ProgramRunOptions options,
      PieceSteps beforeMap, MapStep map, String fingerprint, Subcall subcall, C order,
      List<DeadLetter> deadLetters) {
    int k = options.getMaxConcurrent();
    MapWithModel mapWithModel = MapWithModel.using(subcall)
        .withMaxConcurrent(k)
        .withResults(ResultStore.at(LocationUri.text(options.getResults()), fingerprint))
        .withRetryFailed(options.getRetryFailed());
    if (options.getMaxSubcalls() < 0) {
      throw new IllegalArgumentException("maxSubcalls must be at least 0 (0: the map step's own cap), got: "
          + options.getMaxSubcalls());
    }
    int cap = options.getMaxSubcalls() > 0 ? options.getMaxSubcalls() : map.maxSubcalls();
    CapSubcalls<C> capSubcalls = CapSubcalls.first(cap, order);
    mapWithModel = spreadLanes(options, mapWithModel, k);
    Path output = output(options);

    Pipeline pipeline = Pipeline.create(options);
    PCollection<KV<String, String>> pieces = source(pipeline, options, deadLetters);
    String instruction = map.instruction();
    String schema = map.outputSchema();
    parseSchema(schema); // refused here, before anything runs
    pieces
        .apply("BeforeMap", FlatMapElements
            .into(TypeDescriptors.kvs(TypeDescriptors.strings(), TypeDescriptors.strings()))
            .via((KV<String, String> piece) -> beforeMap.apply(piece.getKey(), piece.getValue())))
        .setCoder(KvCoder.of(StringUtf8Coder.of(), StringUtf8Coder.of()))
        .apply("ToMapCalls", ParDo.of(new ToMapCallFn(instruction, schema)))
        .setCoder(MapCallCoder.of())
        .apply("CapSubcalls", capSubcalls)
        .apply("MapWithModel", mapWithModel)
        .apply("WriteResults", WriteMapResultsParquet.to(output.toString(), fingerprint));
    return pipeline;
  }

  /** {@code --output} as a local path: the driver clears the directory and reads the results back from it. */
  private static Path output(ProgramRunOptions options) {
    return ResourcePaths.localPath(options.getOutput(), "--output", "the workers write the results dataset and the "
        + "driver clears and reads it (a shared mount on a cluster)").toAbsolutePath().normalize();
  }

  /**
   * Splits the map into G = min(K, P) groups for a job of parallelism P, each group on a worker of its own with its
   * share of K in flight, so K calls are in flight whatever P is. P is Direct's {@code --targetParallelism}; on Flink
   * {@code --parallelism}, else the free slots of the session cluster {@code --flinkMaster} names ({@link
   * FlinkSlots#fit}: a job that cannot be scheduled is refused here, before it is submitted), else, for Flink in
   * this process, min(K, this machine's processors); on Flink the group keys are ones it spreads over subtasks.
   */
  private static MapWithModel spreadLanes(ProgramRunOptions options, MapWithModel map, int k) {
    if (options.getRunner() == DirectRunner.class) {
      return map.withGroups(Math.min(k, Math.max(1, options.as(DirectOptions.class).getTargetParallelism())));
    }
    if (options.getRunner() == FlinkRunner.class) {
      FlinkPipelineOptions flink = options.as(FlinkPipelineOptions.class);
      if (FlinkSlots.fit(options, System.err::println) < 0 && (flink.getParallelism() == null
          || flink.getParallelism() < 1)) {
        flink.setParallelism(Math.min(k, Runtime.getRuntime().availableProcessors()));
      }
      int groups = Math.min(k, flink.getParallelism());
      return map.withGroupKeys(FlinkLanes.keys(groups, flink.getParallelism()));
    }
    return map;
  }

  private static PCollection<KV<String, String>> source(Pipeline pipeline, ProgramRunOptions options,
      List<DeadLetter> deadLetters) {
    Path source = ResourcePaths.localPath(options.getSource(), "--source", "the workers read it from a local disk "
        + "(a shared mount on a cluster)").toAbsolutePath().normalize();
    KvCoder<String, String> coder = KvCoder.of(StringUtf8Coder.of(), StringUtf8Coder.of());
    switch (options.getSourceKind().toLowerCase(Locale.ROOT)) {
      case "index" -> {
        return pipeline.apply("ReadIndexChunks", ReadIndexChunks.from(source.toString()))
            .apply("ChunkPieces", MapElements
                .into(TypeDescriptors.kvs(TypeDescriptors.strings(), TypeDescriptors.strings()))
                .via((Chunk chunk) -> KV.of(chunk.id(), chunk.text())))
            .setCoder(coder);
      }
      case "dataset" -> {
        // planned on the driver, as an ingest plans: invalid records and repeated ids are dead letters, not pieces
        DatasetChangeSet plan = new DatasetPlanner("program").plan(source, Map.of(), true);
        deadLetters.addAll(plan.deadLetters());
        return pipeline.apply("ReadDatasetRecords", ReadDatasetRecords.from(source.toString(), plan.selection()))
            .apply("RecordPieces", MapElements
                .into(TypeDescriptors.kvs(TypeDescriptors.strings(), TypeDescriptors.strings()))
                .via((DatasetRecord record) -> KV.of(record.id(), record.body())))
            .setCoder(coder);
      }
      default -> throw new IllegalArgumentException("sourceKind must be index or dataset, got: "
          + options.getSourceKind());
    }
  }

  private static String rootMessage(Throwable e) {
    Throwable root = e;
    while (root.getCause() != null && root.getCause() != root) {
      root = root.getCause();
    }
    return root.getMessage() == null ? root.toString() : root.getMessage();
  }

  static Optional<JsonNode> parseSchema(String schema) {
    if (schema.isEmpty()) {
      return Optional.empty();
    }
    try {
      return Optional.of(JSON.readTree(schema));
    } catch (JsonProcessingException e) {
      throw new IllegalArgumentException("the map step's output schema must be JSON, got: " + schema, e);
    }
  }

  /** A piece and the map step make one call; the schema is parsed once per worker, not per piece. */
  static final class ToMapCallFn extends DoFn<KV<String, String>, MapCall> {
    private final String instruction;
    private final String schema;
    private transient Optional<JsonNode> parsed;

    ToMapCallFn(String instruction, String schema) {
      this.instruction = instruction;
      this.schema = schema;
    }

    @Setup
    public void setup() {
      parsed = parseSchema(schema);
    }

    @ProcessElement
    public void processElement(@Element KV<String, String> piece, OutputReceiver<MapCall> out) {
      out.output(new MapCall(piece.getKey(), instruction, piece.getValue(), parsed));
    }
  }
}
