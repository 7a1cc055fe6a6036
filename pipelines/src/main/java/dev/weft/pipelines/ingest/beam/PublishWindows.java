package dev.weft.pipelines.ingest.beam;

import dev.weft.context.DeadLetter;
import dev.weft.pipelines.ingest.IngestStamp;
import dev.weft.transforms.beam.DeadLetterCoder;
import dev.weft.transforms.beam.EmbedChunks;
import dev.weft.transforms.beam.EmbedTally;
import dev.weft.transforms.beam.ReadAndChunkFiles;
import dev.weft.transforms.beam.WriteIndexShards;
import dev.weft.transforms.ingest.FileOutcome;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import org.apache.beam.sdk.coders.Coder;
import org.apache.beam.sdk.coders.KvCoder;
import org.apache.beam.sdk.coders.StringUtf8Coder;
import org.apache.beam.sdk.coders.VarIntCoder;
import org.apache.beam.sdk.transforms.DoFn;
import org.apache.beam.sdk.transforms.FlatMapElements;
import org.apache.beam.sdk.transforms.GroupByKey;
import org.apache.beam.sdk.transforms.MapElements;
import org.apache.beam.sdk.transforms.PTransform;
import org.apache.beam.sdk.transforms.ParDo;
import org.apache.beam.sdk.transforms.Reshuffle;
import org.apache.beam.sdk.transforms.WithKeys;
import org.apache.beam.sdk.transforms.join.CoGbkResult;
import org.apache.beam.sdk.transforms.join.CoGroupByKey;
import org.apache.beam.sdk.transforms.join.KeyedPCollectionTuple;
import org.apache.beam.sdk.transforms.windowing.BoundedWindow;
import org.apache.beam.sdk.transforms.windowing.FixedWindows;
import org.apache.beam.sdk.transforms.windowing.IntervalWindow;
import org.apache.beam.sdk.transforms.windowing.Window;
import org.apache.beam.sdk.values.KV;
import org.apache.beam.sdk.values.PCollection;
import org.apache.beam.sdk.values.PCollectionTuple;
import org.apache.beam.sdk.values.TupleTag;
import org.apache.beam.sdk.values.TypeDescriptors;
import org.joda.time.Duration;

/**
 * Changed paths → one published generation per window, the window's work spread like a batch Beam run:
 * <ol>
 *   <li>{@code PlanWindow}: fixed windows, every path under one key, so a window is one group and one plan against
 *       the served generation ({@link WindowPublisher#plan}: the files to chunk, the files to delete);
 *   <li>{@code SpreadFiles} → {@code ReadAndChunkFiles} → ({@code EmbedChunks}, with an embedder) →
 *       {@code WriteIndexShards} (per window): the files to chunk fan out to every worker, which embed their chunks
 *       and stage Lucene shards under the window's own staging directory;
 *   <li>{@code GatherWindow} → {@code PublishWindow}: the plan, the staged shards, each file's chunk count and the
 *       refused files (and the embedding tallies and failures) meet on one key per window, and {@link WindowPublisher#publish} merges, deletes and publishes
 *       one generation (never two racing for the lock).
 * </ol>
 * Only wires; the publisher does the work and is tested alone.
 */
public final class PublishWindows extends PTransform<PCollection<String>, PCollection<WindowPublisher.WindowResult>> {
  /** The one key a window's paths, and then its parts, are grouped under: one plan and one publish per window. */
  static final String INDEX_KEY = "index";
  /** The element a rescan tick puts in a window: it asks for a pass, but is no changed path. */
  public static final String TICK = "";

  private static final TupleTag<WindowPlan> PLAN = new TupleTag<>("plan") {};
  private static final TupleTag<String> SHARDS = new TupleTag<>("shards") {};
  private static final TupleTag<Integer> CHUNKS = new TupleTag<>("chunks") {};
  private static final TupleTag<DeadLetter> REFUSED = new TupleTag<>("refused") {};
  private static final TupleTag<EmbedTally> TALLIES = new TupleTag<>("embedTallies") {};
  private static final TupleTag<DeadLetter> EMBED_FAILURES = new TupleTag<>("embedFailures") {};

  private final WindowPublisher publisher;
  private final Duration window;
  private final int shards;

  private PublishWindows(WindowPublisher publisher, Duration window, int shards) {
    this.publisher = publisher;
    this.window = window;
    this.shards = shards;
  }

  public static PublishWindows with(WindowPublisher publisher) {
    return new PublishWindows(Objects.requireNonNull(publisher, "publisher"), Duration.standardSeconds(60),
        WriteIndexShards.DEFAULT_SHARDS);
  }

  /** How long a window collects changes before its publish ({@code --window}). */
  public PublishWindows withWindow(java.time.Duration value) {
    if (value.toMillis() < 100) {
      throw new IllegalArgumentException("window must be at least 100ms, got: " + value.toMillis() + "ms");
    }
    return new PublishWindows(publisher, Duration.millis(value.toMillis()), shards);
  }

  /** How many shard indexes a window's files are staged in ({@code --shards}). */
  public PublishWindows withShards(int count) {
    if (count < 1) {
      throw new IllegalArgumentException("shards must be at least 1, got: " + count);
    }
    return new PublishWindows(publisher, window, count);
  }

  @Override
  public PCollection<WindowPublisher.WindowResult> expand(PCollection<String> paths) {
    PCollection<WindowPlan> plans = paths
        .apply("FixedWindows", Window.<String>into(FixedWindows.of(window)))
        .apply("OneKey", WithKeys.of(INDEX_KEY))
        .setCoder(KvCoder.of(StringUtf8Coder.of(), StringUtf8Coder.of()))
        .apply("GroupWindow", GroupByKey.create())
        .apply("PlanWindow", ParDo.of(new PlanFn(publisher)))
        .setCoder(WindowPlanCoder.of());
    PCollectionTuple outcomes = plans
        .apply("FilesToChunk", FlatMapElements.into(TypeDescriptors.strings()).via(WindowPlan::toChunk))
        .apply("SpreadFiles", Reshuffle.viaRandomKey())
        .apply("ReadAndChunkFiles", ReadAndChunkFiles.from(publisher.root(), IngestStamp.CURRENT)
            .withRouter(publisher.router())
            .withMaxFileBytes(publisher.maxFileBytes()));
    PCollection<FileOutcome.Chunked> chunked = outcomes.get(ReadAndChunkFiles.CHUNKED);
    PCollectionTuple embedded = null;
    if (publisher.embedder() != null) {
      // the batch path's transform; vectors of unchanged chunk text are reused from the served generation
      embedded = chunked.apply("EmbedChunks", EmbedChunks.with(publisher.embedder())
          .withBatchSize(publisher.embedBatchSize()).withReuseFrom(publisher.index()));
      chunked = embedded.get(EmbedChunks.EMBEDDED);
    }
    PCollection<String> staged = chunked.apply("WriteIndexShards",
        WriteIndexShards.to(publisher.stagingRoot()).withShards(shards).perWindow());
    PCollection<Integer> chunkCounts = chunked.apply("ChunksPerFile",
        MapElements.into(TypeDescriptors.integers()).via((FileOutcome.Chunked file) -> file.chunks().size()));
    KeyedPCollectionTuple<String> parts = KeyedPCollectionTuple
        .of(PLAN, keyed("KeyPlan", plans, WindowPlanCoder.of()))
        .and(SHARDS, keyed("KeyShards", staged, StringUtf8Coder.of()))
        .and(CHUNKS, keyed("KeyChunks", chunkCounts, VarIntCoder.of()))
        .and(REFUSED, keyed("KeyRefused", outcomes.get(ReadAndChunkFiles.DEAD_LETTERS), DeadLetterCoder.of()));
    if (embedded != null) {
      parts = parts
          .and(TALLIES, keyed("KeyTallies", embedded.get(EmbedChunks.TALLIES), EmbedTally.coder()))
          .and(EMBED_FAILURES, keyed("KeyEmbedFailures", embedded.get(EmbedChunks.FAILURES), DeadLetterCoder.of()));
    }
    return parts
        .apply("GatherWindow", CoGroupByKey.create())
        .apply("PublishWindow", ParDo.of(new PublishFn(publisher)))
        .setCoder(WindowResultCoder.of());
  }

  private static <T> PCollection<KV<String, T>> keyed(String name, PCollection<T> values,
      Coder<T> coder) {
    return values.apply(name, WithKeys.<String, T>of(INDEX_KEY).withKeyType(TypeDescriptors.strings()))
        .setCoder(KvCoder.of(StringUtf8Coder.of(), coder));
  }

  private static final class PlanFn extends DoFn<KV<String, Iterable<String>>, WindowPlan> {
    private final WindowPublisher publisher;

    PlanFn(WindowPublisher publisher) {
      this.publisher = publisher;
    }

    @ProcessElement
    public void process(@Element KV<String, Iterable<String>> group, BoundedWindow window,
        OutputReceiver<WindowPlan> out) {
      Set<String> distinct = new HashSet<>();
      group.getValue().forEach(distinct::add);
      distinct.remove(TICK);
      out.output(publisher.plan(((IntervalWindow) window).end().getMillis(), distinct.size()));
    }
  }

  private static final class PublishFn extends DoFn<KV<String, CoGbkResult>, WindowPublisher.WindowResult> {
    private final WindowPublisher publisher;

    PublishFn(WindowPublisher publisher) {
      this.publisher = publisher;
    }

    @ProcessElement
    public void process(@Element KV<String, CoGbkResult> parts, OutputReceiver<WindowPublisher.WindowResult> out) {
      CoGbkResult window = parts.getValue();
      out.output(publisher.publish(window.getOnly(PLAN), list(window, SHARDS), list(window, REFUSED),
          list(window, CHUNKS), list(window, TALLIES), list(window, EMBED_FAILURES)));
    }

    /** The tag's values, none when the tag was not gathered (no embedder: no tallies, no embed failures). */
    private static <T> List<T> list(CoGbkResult window, TupleTag<T> tag) {
      List<T> all = new ArrayList<>();
      if (window.getSchema().getTupleTagList().getAll().contains(tag)) {
        window.getAll(tag).forEach(all::add);
      }
      return all;
    }
  }
}
