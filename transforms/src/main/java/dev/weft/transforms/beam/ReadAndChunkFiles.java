package dev.weft.transforms.beam;

import dev.weft.context.DeadLetter;
import dev.weft.context.IngestCounters;
import dev.weft.transforms.ingest.FileOutcome;
import dev.weft.transforms.ingest.FileProcessor;
import dev.weft.transforms.ingest.SourceReader;
import dev.weft.transforms.route.Router;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import org.apache.beam.sdk.metrics.Counter;
import org.apache.beam.sdk.metrics.Metrics;
import org.apache.beam.sdk.transforms.DoFn;
import org.apache.beam.sdk.transforms.PTransform;
import org.apache.beam.sdk.transforms.ParDo;
import org.apache.beam.sdk.transforms.display.DisplayData;
import org.apache.beam.sdk.transforms.SerializableFunction;
import org.apache.beam.sdk.values.PCollection;
import org.apache.beam.sdk.values.PCollectionTuple;
import org.apache.beam.sdk.values.TupleTag;
import org.apache.beam.sdk.values.TupleTagList;

/**
 * Reads, routes and chunks corpus files: corpus-relative paths in, {@link FileOutcome.Chunked} out under
 * {@link #CHUNKED}, and every refused file as a {@link DeadLetter} under {@link #DEAD_LETTERS}. The work is
 * {@link FileProcessor#process}, the same call the in-process executor makes, so both executors chunk alike.
 *
 * <p>Counters (namespace {@link #COUNTER_NAMESPACE}): {@code indexed} (files chunked), {@code empty} (the
 * indexed files that gave no chunk), {@code chunks} (chunks produced) and one per dead-letter reason
 * ({@code binary}, {@code too_large}, {@code errors}, ...).
 *
 * <pre>{@code
 * PCollectionTuple out = paths.apply("ReadAndChunkFiles",
 *     ReadAndChunkFiles.from("/corpus", IngestStamp.CURRENT).withMaxFileBytes(1 << 20));
 * PCollection<FileOutcome.Chunked> chunked = out.get(ReadAndChunkFiles.CHUNKED);
 * PCollection<DeadLetter> deadLetters = out.get(ReadAndChunkFiles.DEAD_LETTERS);
 * }</pre>
 */
public final class ReadAndChunkFiles extends PTransform<PCollection<String>, PCollectionTuple> {
  public static final String COUNTER_NAMESPACE = IngestCounters.NAMESPACE;
  public static final TupleTag<FileOutcome.Chunked> CHUNKED = new TupleTag<>("chunked") {};
  public static final TupleTag<DeadLetter> DEAD_LETTERS = new TupleTag<>("deadLetters") {};

  private final String root;
  private final String stamp;
  private final Router router;
  private final long maxFileBytes;

  private ReadAndChunkFiles(String root, String stamp, Router router, long maxFileBytes) {
    this.root = root;
    this.stamp = stamp;
    this.router = router;
    this.maxFileBytes = maxFileBytes;
  }

  /**
   * Files under {@code root}, with the default router and the default size cap.
   *
   * @param stamp the ingest stamp each file's state records ({@code pipelines}' {@code IngestStamp.CURRENT})
   */
  public static ReadAndChunkFiles from(String root, String stamp) {
    if (root == null || root.isBlank()) {
      throw new IllegalArgumentException("corpus root must be a non-blank path, got: " + quoted(root));
    }
    return new ReadAndChunkFiles(root, FileProcessor.requireStamp(stamp), Router.defaults(),
        SourceReader.DEFAULT_MAX_BYTES);
  }

  /** Routes paths with {@code router} instead of {@link Router#defaults()}. */
  public ReadAndChunkFiles withRouter(Router router) {
    Objects.requireNonNull(router, "router must not be null");
    return new ReadAndChunkFiles(root, stamp, router, maxFileBytes);
  }

  /** Dead-letters files larger than {@code bytes} as {@code too_large}. */
  public ReadAndChunkFiles withMaxFileBytes(long bytes) {
    if (bytes < 1) {
      throw new IllegalArgumentException("max file bytes must be at least 1, got: " + bytes);
    }
    return new ReadAndChunkFiles(root, stamp, router, bytes);
  }

  public String root() {
    return root;
  }

  public String stamp() {
    return stamp;
  }

  public Router router() {
    return router;
  }

  public long maxFileBytes() {
    return maxFileBytes;
  }

  @Override
  public void populateDisplayData(DisplayData.Builder builder) {
    super.populateDisplayData(builder);
    builder.add(DisplayData.item("root", root).withLabel("Corpus root"))
        .add(DisplayData.item("chunkerStamp", stamp).withLabel("Chunker stamp"))
        .add(DisplayData.item("extensions", String.join(",", router.extensions())).withLabel("Extensions"))
        .add(DisplayData.item("maxFileBytes", maxFileBytes).withLabel("Largest file read (bytes)"));
  }

  @Override
  public PCollectionTuple expand(PCollection<String> relPaths) {
    FileProcessor processor =
        new FileProcessor(root, router, SourceReader.withDefaults().withMaxBytes(maxFileBytes), stamp);
    return chunkEach(relPaths, "ProcessFiles", processor::process);
  }

  /**
   * Applies {@code work} to each element and splits its outcomes into {@link #CHUNKED} and {@link #DEAD_LETTERS},
   * with this transform's counters: the one splitting step for files and dataset records alike.
   */
  static <T> PCollectionTuple chunkEach(PCollection<T> input, String stepName,
      SerializableFunction<T, FileOutcome> work) {
    PCollectionTuple out = input.apply(stepName,
        ParDo.of(new ProcessFileFn<>(work)).withOutputTags(CHUNKED, TupleTagList.of(DEAD_LETTERS)));
    // explicit coders: inference cannot see through the sealed type, and Java serialization is not an interface
    out.get(CHUNKED).setCoder(ChunkedCoder.of());
    out.get(DEAD_LETTERS).setCoder(DeadLetterCoder.of());
    return out;
  }

  /** Calls the plain work function and splits its outcome; never throws for bad input, never logs per element. */
  static final class ProcessFileFn<T> extends DoFn<T, FileOutcome.Chunked> {
    private final SerializableFunction<T, FileOutcome> work;
    private final Counter indexed = Metrics.counter(COUNTER_NAMESPACE, IngestCounters.INDEXED);
    private final Counter empty = Metrics.counter(COUNTER_NAMESPACE, IngestCounters.EMPTY);
    private final Counter chunks = Metrics.counter(COUNTER_NAMESPACE, IngestCounters.CHUNKS);
    // Reasons are open-ended strings (SkipReason counters, "errors"), so counters are made on first sight.
    private transient Map<String, Counter> byReason;

    ProcessFileFn(SerializableFunction<T, FileOutcome> work) {
      this.work = work;
    }

    @Setup
    public void setup() {
      byReason = new HashMap<>();
    }

    @ProcessElement
    public void processElement(@Element T item, MultiOutputReceiver out) {
      FileOutcome outcome = work.apply(item);
      if (outcome instanceof FileOutcome.Chunked chunked) {
        indexed.inc();
        chunks.inc(chunked.chunks().size());
        if (chunked.chunks().isEmpty()) {
          empty.inc();
        }
        out.get(CHUNKED).output(chunked);
      } else {
        DeadLetter deadLetter = ((FileOutcome.Refused) outcome).deadLetter();
        byReason.computeIfAbsent(deadLetter.reason(), reason -> Metrics.counter(COUNTER_NAMESPACE, reason)).inc();
        out.get(DEAD_LETTERS).output(deadLetter);
      }
    }
  }

  private static String quoted(String value) {
    return value == null ? "null" : "\"" + value + "\"";
  }
}
