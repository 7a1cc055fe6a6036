package dev.weft.transforms.beam;

import dev.weft.context.Chunk;
import dev.weft.context.IndexLocation;
import dev.weft.index.ChunkScan;
import java.nio.file.Path;
import org.apache.beam.sdk.coders.SerializableCoder;
import org.apache.beam.sdk.coders.StringUtf8Coder;
import org.apache.beam.sdk.metrics.Counter;
import org.apache.beam.sdk.metrics.Metrics;
import org.apache.beam.sdk.transforms.Create;
import org.apache.beam.sdk.transforms.DoFn;
import org.apache.beam.sdk.transforms.PTransform;
import org.apache.beam.sdk.transforms.ParDo;
import org.apache.beam.sdk.transforms.Reshuffle;
import org.apache.beam.sdk.values.PBegin;
import org.apache.beam.sdk.values.PCollection;

/**
 * Every chunk of a Weft index's served generation, read with {@link ChunkScan} (what {@code weft export} reads),
 * so a program over an index sees exactly one whole generation even while another run publishes. The index is one
 * element: one worker streams it, and a reshuffle spreads the chunks over the workers that follow. Workers must
 * see the index at the same path as the driver.
 *
 * <pre>{@code
 * PCollection<Chunk> chunks = pipeline.apply("ReadIndexChunks", ReadIndexChunks.from("/repo/.weft"));
 * }</pre>
 */
public final class ReadIndexChunks extends PTransform<PBegin, PCollection<Chunk>> {
  private final String index;

  private ReadIndexChunks(String index) {
    this.index = index;
  }

  /** @param index the index directory as text (an {@code IndexLocation}'s), an absolute path the workers can read */
  public static ReadIndexChunks from(String index) {
    if (index == null || index.isBlank()) {
      throw new IllegalArgumentException("index dir must be a non-blank path, got: "
          + (index == null ? "null" : "\"" + index + "\""));
    }
    return new ReadIndexChunks(index);
  }

  @Override
  public PCollection<Chunk> expand(PBegin begin) {
    return begin
        .apply("IndexDir", Create.of(index).withCoder(StringUtf8Coder.of()))
        .apply("ScanChunks", ParDo.of(new ScanFn()))
        .setCoder(SerializableCoder.of(Chunk.class))
        .apply("SpreadChunks", Reshuffle.<Chunk>viaRandomKey().withNumBuckets(ReadDatasetRecords.SPREAD_BUCKETS));
  }

  static final class ScanFn extends DoFn<String, Chunk> {
    private final Counter read = Metrics.counter(MapWithModel.NAMESPACE, "chunks_read");

    @ProcessElement
    public void processElement(@Element String index, OutputReceiver<Chunk> out) {
      try (ChunkScan scan = ChunkScan.open(new IndexLocation(Path.of(index)))) {
        scan.forEach(entry -> {
          read.inc();
          out.output(entry.chunk());
        });
      }
    }
  }
}
