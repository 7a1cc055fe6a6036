package dev.weft.transforms.beam;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.weft.context.DeadLetter;
import dev.weft.transforms.ingest.FileOutcome;
import dev.weft.transforms.route.Router;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.beam.sdk.Pipeline;
import org.apache.beam.sdk.PipelineResult;
import org.apache.beam.sdk.coders.StringUtf8Coder;
import org.apache.beam.sdk.metrics.MetricNameFilter;
import org.apache.beam.sdk.metrics.MetricQueryResults;
import org.apache.beam.sdk.metrics.MetricResult;
import org.apache.beam.sdk.metrics.MetricsFilter;
import org.apache.beam.sdk.testing.PAssert;
import org.apache.beam.sdk.transforms.Create;
import org.apache.beam.sdk.transforms.MapElements;
import org.apache.beam.sdk.values.PCollectionTuple;
import org.apache.beam.sdk.values.TypeDescriptors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReadAndChunkFilesTest {
  @TempDir Path root;

  @Test
  void chunksTextFilesExactlyAsThePlainProcessorAndDeadLettersTheBinaryOne() throws Exception {
    BeamFixtures.writeCorpus(root);
    FileOutcome.Chunked guide = (FileOutcome.Chunked) BeamFixtures.processDirectly(root, BeamFixtures.GUIDE);
    FileOutcome.Chunked greeter = (FileOutcome.Chunked) BeamFixtures.processDirectly(root, BeamFixtures.GREETER);
    assertThat(guide.chunks()).isNotEmpty();
    assertThat(greeter.chunks()).isNotEmpty();

    Pipeline pipeline = BeamFixtures.directPipeline();
    PCollectionTuple out = pipeline
        .apply("Paths", Create.of(BeamFixtures.PATHS).withCoder(StringUtf8Coder.of()))
        .apply("ReadAndChunkFiles", ReadAndChunkFiles.from(root.toString(), BeamFixtures.STAMP));
    PAssert.that(out.get(ReadAndChunkFiles.CHUNKED)).containsInAnyOrder(guide, greeter);
    PAssert.that(out.get(ReadAndChunkFiles.DEAD_LETTERS)
            .apply("Reasons", MapElements.into(TypeDescriptors.strings())
                .via((DeadLetter d) -> d.path() + " " + d.stage() + " " + d.reason())))
        .containsInAnyOrder(BeamFixtures.BLOB + " read binary");
    PipelineResult result = pipeline.run();
    result.waitUntilFinish();

    assertThat(counter(result, "indexed")).isEqualTo(2);
    assertThat(counter(result, "chunks")).isEqualTo(guide.chunks().size() + greeter.chunks().size());
    assertThat(counter(result, "binary")).isEqualTo(1);
  }

  @Test
  void deadLettersFilesOverTheSizeCapAsTooLarge() throws Exception {
    BeamFixtures.writeCorpus(root);
    Pipeline pipeline = BeamFixtures.directPipeline();
    PCollectionTuple out = pipeline
        .apply("Paths", Create.of(BeamFixtures.GUIDE, BeamFixtures.GREETER).withCoder(StringUtf8Coder.of()))
        .apply("ReadAndChunkFiles", ReadAndChunkFiles.from(root.toString(), BeamFixtures.STAMP).withMaxFileBytes(20));
    PAssert.that(out.get(ReadAndChunkFiles.CHUNKED)).empty();
    PAssert.that(out.get(ReadAndChunkFiles.DEAD_LETTERS)
            .apply("Reasons", MapElements.into(TypeDescriptors.strings()).via((DeadLetter d) -> d.reason())))
        .containsInAnyOrder("too_large", "too_large");
    PipelineResult result = pipeline.run();
    result.waitUntilFinish();

    assertThat(counter(result, "too_large")).isEqualTo(2);
  }

  @Test
  void countsAFileWithoutChunksAsIndexedAndEmpty() throws Exception {
    Files.writeString(root.resolve("blank.md"), "");
    FileOutcome.Chunked blank = (FileOutcome.Chunked) BeamFixtures.processDirectly(root, "blank.md");
    assertThat(blank.chunks()).isEmpty();

    Pipeline pipeline = BeamFixtures.directPipeline();
    PCollectionTuple out = pipeline
        .apply("Paths", Create.of("blank.md").withCoder(StringUtf8Coder.of()))
        .apply("ReadAndChunkFiles", ReadAndChunkFiles.from(root.toString(), BeamFixtures.STAMP));
    PAssert.that(out.get(ReadAndChunkFiles.CHUNKED)).containsInAnyOrder(blank);
    PipelineResult result = pipeline.run();
    result.waitUntilFinish();

    assertThat(counter(result, "indexed")).isEqualTo(1);
    assertThat(counter(result, "empty")).isEqualTo(1);
    assertThat(counter(result, "chunks")).isZero();
  }

  @Test
  void settersAreValidatedAndOrderIndependent() {
    Router router = Router.defaults();
    ReadAndChunkFiles a = ReadAndChunkFiles.from("/corpus", BeamFixtures.STAMP).withMaxFileBytes(7).withRouter(router);
    ReadAndChunkFiles b = ReadAndChunkFiles.from("/corpus", BeamFixtures.STAMP).withRouter(router).withMaxFileBytes(7);
    assertThat(a.maxFileBytes()).isEqualTo(b.maxFileBytes()).isEqualTo(7);
    assertThat(a.router()).isSameAs(b.router()).isSameAs(router);
    assertThat(a.root()).isEqualTo("/corpus");
    assertThat(a.stamp()).isEqualTo(BeamFixtures.STAMP);

    assertThatThrownBy(() -> ReadAndChunkFiles.from(" ", BeamFixtures.STAMP))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("corpus root must be a non-blank path, got: \" \"");
    assertThatThrownBy(() -> ReadAndChunkFiles.from("/corpus", BeamFixtures.STAMP).withMaxFileBytes(0))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("max file bytes must be at least 1, got: 0");
    assertThatThrownBy(() -> ReadAndChunkFiles.from("/corpus", BeamFixtures.STAMP).withRouter(null))
        .isInstanceOf(NullPointerException.class)
        .hasMessage("router must not be null");
    assertThatThrownBy(() -> ReadAndChunkFiles.from("/corpus", " "))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("ingest stamp must be non-blank, got: \" \"");
  }

  private static long counter(PipelineResult result, String name) {
    MetricQueryResults metrics = result.metrics().queryMetrics(MetricsFilter.builder()
        .addNameFilter(MetricNameFilter.named(ReadAndChunkFiles.COUNTER_NAMESPACE, name))
        .build());
    long total = 0;
    for (MetricResult<Long> counter : metrics.getCounters()) {
      total += counter.getCommitted();
    }
    return total;
  }
}
