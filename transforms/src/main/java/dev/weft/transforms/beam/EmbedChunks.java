package dev.weft.transforms.beam;

import dev.weft.context.DeadLetter;
import dev.weft.context.IndexLocation;
import dev.weft.context.IngestCounters;
import dev.weft.context.embed.EmbedderSpec;
import dev.weft.index.CorpusIndex;
import dev.weft.index.VectorLookup;
import dev.weft.transforms.ingest.FileOutcome;
import dev.weft.transforms.vectors.ChunkEmbedder;
import dev.weft.transforms.vectors.CircuitBreaker;
import dev.weft.transforms.vectors.VectorReuse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.apache.beam.sdk.metrics.Counter;
import org.apache.beam.sdk.metrics.Metrics;
import org.apache.beam.sdk.transforms.DoFn;
import org.apache.beam.sdk.transforms.PTransform;
import org.apache.beam.sdk.transforms.ParDo;
import org.apache.beam.sdk.transforms.display.DisplayData;
import org.apache.beam.sdk.transforms.windowing.BoundedWindow;
import org.apache.beam.sdk.values.PCollection;
import org.apache.beam.sdk.values.PCollectionTuple;
import org.apache.beam.sdk.values.TupleTag;
import org.apache.beam.sdk.values.TupleTagList;

/**
 * Gives chunked files their vectors, in batches, on the Beam path: the same {@link ChunkEmbedder} the
 * in-process executor uses, one embedder per DoFn instance (built in {@code @Setup} from a serializable
 * spec), vectors reused from the served generation of the index when the index directory is reachable from
 * the worker. A failed batch keeps its chunks (without vectors, under {@link #EMBEDDED}), is counted, and each of
 * its chunks is a {@link DeadLetter} under {@link #FAILURES}. The circuit breaker is one per DoFn instance (per
 * worker thread), not one per run: each instance stops calling the embedder after its own failed batches in a row.
 * Chunks are batched per window and each batch's outputs, and its {@link EmbedTally} under {@link #TALLIES}, stay in
 * that window: a streaming ingest gathers a window's vectors, failures and counts to its one publish.
 */
public final class EmbedChunks extends PTransform<PCollection<FileOutcome.Chunked>, PCollectionTuple> {
  public static final TupleTag<FileOutcome.Chunked> EMBEDDED = new TupleTag<>("embedded") {};
  public static final TupleTag<DeadLetter> FAILURES = new TupleTag<>("embedFailures") {};
  /** One tally per embedding call, in the window of its chunks (the batch path reads the counters instead). */
  public static final TupleTag<EmbedTally> TALLIES = new TupleTag<>("embedTallies") {};

  private final EmbedderSpec spec;
  private final String reuseFrom;
  private final int batchSize;

  private EmbedChunks(EmbedderSpec spec, String reuseFrom, int batchSize) {
    this.spec = spec;
    this.reuseFrom = reuseFrom;
    this.batchSize = batchSize;
  }

  public static EmbedChunks with(EmbedderSpec spec) {
    return new EmbedChunks(Objects.requireNonNull(spec, "embedder spec"), null, ChunkEmbedder.DEFAULT_BATCH_SIZE);
  }

  /** Reuse vectors from the served generation of this index (skipped when the directory does not exist). */
  public EmbedChunks withReuseFrom(String dir) {
    return new EmbedChunks(spec, dir, batchSize);
  }

  public EmbedChunks withBatchSize(int chunks) {
    return new EmbedChunks(spec, reuseFrom, ChunkEmbedder.requireBatchSize(chunks));
  }

  @Override
  public void populateDisplayData(DisplayData.Builder builder) {
    super.populateDisplayData(builder);
    builder.add(DisplayData.item("embedder", spec.identity().model() + "/" + spec.identity().dims())
            // the identity, not the spec: a spec may hold an endpoint's credentials
            .withLabel("Embedder"))
        .add(DisplayData.item("batchSize", batchSize).withLabel("Chunks per embedding call"))
        .addIfNotNull(DisplayData.item("reuseVectorsFrom", reuseFrom).withLabel("Index reusing vectors"));
  }

  @Override
  public PCollectionTuple expand(PCollection<FileOutcome.Chunked> files) {
    PCollectionTuple out = files.apply("EmbedBatches",
        ParDo.of(new EmbedFn(spec, reuseFrom, batchSize)).withOutputTags(EMBEDDED, TupleTagList.of(FAILURES).and(TALLIES)));
    out.get(EMBEDDED).setCoder(ChunkedCoder.of());
    out.get(FAILURES).setCoder(DeadLetterCoder.of());
    out.get(TALLIES).setCoder(EmbedTally.coder());
    return out;
  }

  static final class EmbedFn extends DoFn<FileOutcome.Chunked, FileOutcome.Chunked> {
    private final EmbedderSpec spec;
    private final String reuseFrom;
    private final int batchSize;
    private final Counter embedded = Metrics.counter(IngestCounters.NAMESPACE, IngestCounters.EMBEDDED);
    private final Counter reused = Metrics.counter(IngestCounters.NAMESPACE, IngestCounters.VECTORS_REUSED);
    private final Counter failed = Metrics.counter(IngestCounters.NAMESPACE, IngestCounters.EMBED_FAILED);
    private final Counter truncated = Metrics.counter(IngestCounters.NAMESPACE, IngestCounters.TRUNCATED);
    private transient CorpusIndex index;
    private transient VectorLookup lookup;
    private transient ChunkEmbedder embedder;
    private transient Map<BoundedWindow, Pending> pending;
    private transient long truncatedSoFar;

    EmbedFn(EmbedderSpec spec, String reuseFrom, int batchSize) {
      this.spec = spec;
      this.reuseFrom = reuseFrom;
      this.batchSize = batchSize;
    }

    @Setup
    public void setUp() {
      VectorReuse reuse = VectorReuse.NONE;
      if (reuseFrom != null && Files.isDirectory(Path.of(reuseFrom))) {
        // a worker reads back the driver's IndexLocation from its text (a Path is not Serializable)
        index = CorpusIndex.open(new IndexLocation(Path.of(reuseFrom)));
        lookup = index.vectorLookup();
        reuse = lookup::vectorsFor;
      }
      embedder = new ChunkEmbedder(spec.create(), reuse, batchSize, new CircuitBreaker(spec.breakerThreshold()));
    }

    @StartBundle
    public void startBundle() {
      pending = new LinkedHashMap<>();
    }

    @ProcessElement
    public void processElement(@Element FileOutcome.Chunked file, BoundedWindow window, MultiOutputReceiver out) {
      Pending batch = pending.computeIfAbsent(window, w -> new Pending());
      batch.files.add(file);
      batch.chunks += file.chunks().size();
      if (batch.chunks >= batchSize) {
        pending.remove(window);
        // the receiver outputs in the element's window, which is the batch's
        Embedded result = embed(batch.files);
        result.files().files().forEach(out.get(EMBEDDED)::output);
        result.files().result().failures().forEach(out.get(FAILURES)::output);
        if (!result.tally().isEmpty()) {
          out.get(TALLIES).output(result.tally());
        }
      }
    }

    @FinishBundle
    public void finishBundle(FinishBundleContext context) {
      for (Map.Entry<BoundedWindow, Pending> batch : pending.entrySet()) {
        BoundedWindow window = batch.getKey();
        Embedded result = embed(batch.getValue().files);
        for (FileOutcome.Chunked file : result.files().files()) {
          context.output(EMBEDDED, file, window.maxTimestamp(), window);
        }
        for (DeadLetter failure : result.files().result().failures()) {
          context.output(FAILURES, failure, window.maxTimestamp(), window);
        }
        if (!result.tally().isEmpty()) {
          context.output(TALLIES, result.tally(), window.maxTimestamp(), window);
        }
      }
      pending.clear();
    }

    private Embedded embed(List<FileOutcome.Chunked> files) {
      ChunkEmbedder.FilesResult result = embedder.embedFiles(files);
      long nowTruncated = embedder.embedder().truncated();
      long newlyTruncated = nowTruncated - truncatedSoFar;
      truncatedSoFar = nowTruncated;
      embedded.inc(result.result().embedded());
      reused.inc(result.result().reused());
      failed.inc(result.result().failed());
      truncated.inc(newlyTruncated);
      return new Embedded(result, new EmbedTally(result.result().embedded(), result.result().reused(),
          result.result().failed(), newlyTruncated));
    }

    /** One window's chunked files waiting for a full batch. */
    private static final class Pending {
      final List<FileOutcome.Chunked> files = new ArrayList<>();
      int chunks;
    }

    private record Embedded(ChunkEmbedder.FilesResult files, EmbedTally tally) {}

    @Teardown
    public void tearDown() {
      if (embedder != null) {
        embedder.embedder().close();
      }
      if (lookup != null) {
        lookup.close();
      }
      if (index != null) {
        index.close();
      }
    }
  }
}
