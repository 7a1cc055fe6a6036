package dev.weft.transforms.beam;

import dev.weft.models.EmbedderSpecs;
import dev.weft.transforms.ingest.FileOutcome;
import java.io.IOException;
import java.nio.file.Path;
import org.apache.beam.sdk.Pipeline;
import org.apache.beam.sdk.testing.PAssert;
import org.apache.beam.sdk.transforms.Create;
import org.apache.beam.sdk.transforms.MapElements;
import org.apache.beam.sdk.transforms.windowing.FixedWindows;
import org.apache.beam.sdk.transforms.windowing.IntervalWindow;
import org.apache.beam.sdk.transforms.windowing.Window;
import org.apache.beam.sdk.values.PCollection;
import org.apache.beam.sdk.values.PCollectionTuple;
import org.apache.beam.sdk.values.TimestampedValue;
import org.apache.beam.sdk.values.TypeDescriptors;
import org.joda.time.Duration;
import org.joda.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** EmbedChunks on windowed input, as a streaming ingest runs it: every output stays in its chunks' window. */
class EmbedChunksTest {
  @TempDir Path tmp;

  @Test
  void aBatchFlushedAtTheEndOfABundleStaysInItsWindowWithItsTally() throws IOException {
    Path root = BeamFixtures.writeCorpus(tmp.resolve("corpus"));
    FileOutcome.Chunked guide = (FileOutcome.Chunked) BeamFixtures.processDirectly(root, BeamFixtures.GUIDE);
    FileOutcome.Chunked greeter = (FileOutcome.Chunked) BeamFixtures.processDirectly(root, BeamFixtures.GREETER);
    Pipeline pipeline = BeamFixtures.directPipeline();

    // a batch larger than the input: every vector is computed when the bundle finishes
    PCollectionTuple out = pipeline
        .apply("Files", Create.timestamped(TimestampedValue.of(guide, new Instant(100)),
            TimestampedValue.of(greeter, new Instant(1_500))).withCoder(ChunkedCoder.of()))
        .apply("Windows", Window.into(FixedWindows.of(Duration.standardSeconds(1))))
        .apply("Embed", EmbedChunks.with(EmbedderSpecs.parse("hash:8")).withBatchSize(1_000));

    PCollection<String> embedded = out.get(EmbedChunks.EMBEDDED).apply("Paths",
        MapElements.into(TypeDescriptors.strings()).via((FileOutcome.Chunked f) -> f.state().path()));
    PAssert.that(embedded).inWindow(window(0)).containsInAnyOrder(BeamFixtures.GUIDE);
    PAssert.that(embedded).inWindow(window(1_000)).containsInAnyOrder(BeamFixtures.GREETER);
    PAssert.that(out.get(EmbedChunks.TALLIES)).inWindow(window(0))
        .containsInAnyOrder(new EmbedTally(guide.chunks().size(), 0, 0, 0));
    PAssert.that(out.get(EmbedChunks.TALLIES)).inWindow(window(1_000))
        .containsInAnyOrder(new EmbedTally(greeter.chunks().size(), 0, 0, 0));
    PAssert.that(out.get(EmbedChunks.FAILURES)).empty();
    pipeline.run().waitUntilFinish();
  }

  private static IntervalWindow window(long start) {
    return new IntervalWindow(new Instant(start), Duration.standardSeconds(1));
  }

}
