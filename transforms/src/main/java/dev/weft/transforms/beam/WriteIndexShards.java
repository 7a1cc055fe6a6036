package dev.weft.transforms.beam;

import dev.weft.context.IngestCounters;
import dev.weft.context.ScratchDirs;
import dev.weft.index.ShardWriter;
import dev.weft.transforms.ingest.FileOutcome;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.zip.CRC32;
import org.apache.beam.sdk.coders.KvCoder;
import org.apache.beam.sdk.coders.StringUtf8Coder;
import org.apache.beam.sdk.coders.VarIntCoder;
import org.apache.beam.sdk.io.fs.ResolveOptions.StandardResolveOptions;
import org.apache.beam.sdk.io.fs.ResourceId;
import org.apache.beam.sdk.metrics.Counter;
import org.apache.beam.sdk.metrics.Metrics;
import org.apache.beam.sdk.transforms.DoFn;
import org.apache.beam.sdk.transforms.GroupByKey;
import org.apache.beam.sdk.transforms.PTransform;
import org.apache.beam.sdk.transforms.ParDo;
import org.apache.beam.sdk.transforms.display.DisplayData;
import org.apache.beam.sdk.transforms.windowing.BoundedWindow;
import org.apache.beam.sdk.transforms.windowing.IntervalWindow;
import org.apache.beam.sdk.values.KV;
import org.apache.beam.sdk.values.PCollection;

/**
 * Writes chunked files into N standalone Lucene shard indexes staged under a Beam FileSystem directory, one
 * {@link ShardWriter} per shard, and outputs each staged shard directory's URI. A file goes to shard
 * {@link #shardOf(String, int)} of its path, so every chunk of a file lands in the same shard and the
 * assignment does not depend on the runner, the worker or the JVM.
 *
 * <p>A worker builds its shard in a local temporary directory and uploads the closed index to
 * {@code <staging>/shard-<k>/} through {@link StagedShards#upload}, which writes a completion marker last: the
 * workers need no disk shared with the driver, and a retried bundle's upload replaces the earlier attempt whole.
 * Shards that receive no file are not created. Bounded input gives one group per shard in the global window; with
 * {@link #perWindow()} a windowed input (a streaming ingest's fixed windows) gives one group per shard per window,
 * each staged under its own {@code <staging>/window-<end millis>/} so one window's shards never replace another's.
 *
 * <pre>{@code
 * PCollection<String> shardDirs = chunked.apply("WriteIndexShards",
 *     WriteIndexShards.to("gs://bucket/staging/run-1/").withShards(8));
 * }</pre>
 */
public final class WriteIndexShards extends PTransform<PCollection<FileOutcome.Chunked>, PCollection<String>> {
  public static final int DEFAULT_SHARDS = 4;
  public static final String SHARD_DIR_PREFIX = "shard-";

  public static final String WINDOW_DIR_PREFIX = "window-";

  private final String stagingDir;
  private final int shards;
  private final boolean perWindow;

  private WriteIndexShards(String stagingDir, int shards, boolean perWindow) {
    this.stagingDir = stagingDir;
    this.shards = shards;
    this.perWindow = perWindow;
  }

  /** Shards under {@code stagingDir}, {@value #DEFAULT_SHARDS} of them unless {@link #withShards} says. */
  public static WriteIndexShards to(String stagingDir) {
    if (stagingDir == null || stagingDir.isBlank()) {
      throw new IllegalArgumentException("staging dir must be a non-blank path, got: "
          + (stagingDir == null ? "null" : "\"" + stagingDir + "\""));
    }
    return new WriteIndexShards(stagingDir, DEFAULT_SHARDS, false);
  }

  public WriteIndexShards withShards(int count) {
    if (count < 1) {
      throw new IllegalArgumentException("shards must be at least 1, got: " + count);
    }
    return new WriteIndexShards(stagingDir, count, perWindow);
  }

  /**
   * Stages each window's shards under {@link #windowDir}{@code (staging, window end)}: for windowed input whose
   * windows are {@link IntervalWindow}s (fixed or sliding); any other window fails the bundle, naming it.
   */
  public WriteIndexShards perWindow() {
    return new WriteIndexShards(stagingDir, shards, true);
  }

  public String stagingDir() {
    return stagingDir;
  }

  public int shards() {
    return shards;
  }

  /** The shard of {@code path}: CRC-32 of its UTF-8 bytes mod {@code shards}, stable across JVMs and runs. */
  public static int shardOf(String path, int shards) {
    if (shards < 1) {
      throw new IllegalArgumentException("shards must be at least 1, got: " + shards);
    }
    CRC32 crc = new CRC32();
    crc.update(path.getBytes(StandardCharsets.UTF_8));
    return (int) (crc.getValue() % shards);
  }

  /** The staging directory of the window ending at {@code windowEndMillis}, a URI string ending in {@code /}. */
  public static String windowDir(String stagingDir, long windowEndMillis) {
    return StagedShards.directory(stagingDir)
        .resolve(WINDOW_DIR_PREFIX + windowEndMillis, StandardResolveOptions.RESOLVE_DIRECTORY).toString();
  }

  /** The directory shard {@code shard} is staged in. */
  public static ResourceId shardDir(String stagingDir, int shard) {
    return StagedShards.directory(stagingDir)
        .resolve(SHARD_DIR_PREFIX + shard, StandardResolveOptions.RESOLVE_DIRECTORY);
  }

  @Override
  public void populateDisplayData(DisplayData.Builder builder) {
    super.populateDisplayData(builder);
    builder.add(DisplayData.item("staging", stagingDir).withLabel("Staging directory"))
        .add(DisplayData.item("shards", shards).withLabel("Shard indexes"))
        .add(DisplayData.item("perWindow", perWindow).withLabel("A staging directory per window"));
  }

  @Override
  public PCollection<String> expand(PCollection<FileOutcome.Chunked> chunked) {
    int count = shards;
    return chunked
        .apply("KeyByShard", ParDo.of(new KeyByShardFn(count)))
        .setCoder(KvCoder.of(VarIntCoder.of(), ChunkedCoder.of()))
        .apply("GroupByShard", GroupByKey.create())
        .apply("WriteShard", ParDo.of(new WriteShardFn(stagingDir, perWindow)))
        .setCoder(StringUtf8Coder.of());
  }

  static final class KeyByShardFn extends DoFn<FileOutcome.Chunked, KV<Integer, FileOutcome.Chunked>> {
    private final int shards;

    KeyByShardFn(int shards) {
      this.shards = shards;
    }

    @ProcessElement
    public void processElement(@Element FileOutcome.Chunked file, OutputReceiver<KV<Integer, FileOutcome.Chunked>> out) {
      out.output(KV.of(shardOf(file.path(), shards), file));
    }
  }

  static final class WriteShardFn extends DoFn<KV<Integer, Iterable<FileOutcome.Chunked>>, String> {
    private final String stagingDir;
    private final boolean perWindow;
    private final Counter shardsWritten = Metrics.counter(IngestCounters.NAMESPACE,
        IngestCounters.SHARDS_WRITTEN);

    WriteShardFn(String stagingDir, boolean perWindow) {
      this.stagingDir = stagingDir;
      this.perWindow = perWindow;
    }

    @ProcessElement
    public void processElement(@Element KV<Integer, Iterable<FileOutcome.Chunked>> shard, BoundedWindow window,
        OutputReceiver<String> out) throws IOException {
      ResourceId staged = shardDir(perWindow ? windowDir(stagingDir, windowEnd(window)) : stagingDir, shard.getKey());
      // built on the worker's own disk, then uploaded whole: the staging may be on another machine
      Path local = ScratchDirs.create("weft-shard-" + shard.getKey() + "-");
      try {
        // Files are written in arrival order rather than sorted: sorting would hold a whole shard in memory,
        // and ids are deterministic, so document order inside a shard does not change what recall returns.
        try (ShardWriter writer = ShardWriter.create(local)) {
          for (FileOutcome.Chunked file : shard.getValue()) {
            writer.write(file.state(), file.chunks(), file.vectors(), file.imports(), file.meta());
          }
        }
        StagedShards.upload(local, staged);
      } finally {
        ScratchDirs.delete(local);
      }
      shardsWritten.inc();
      out.output(staged.toString());
    }

    private static long windowEnd(BoundedWindow window) {
      if (window instanceof IntervalWindow interval) {
        return interval.end().getMillis();
      }
      throw new IllegalStateException("WriteIndexShards.perWindow() needs interval windows (FixedWindows), got: "
          + window + "; window the input with Window.into(FixedWindows.of(...)) first");
    }
  }
}
