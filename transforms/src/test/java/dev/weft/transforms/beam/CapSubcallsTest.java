package dev.weft.transforms.beam;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dev.weft.context.program.MapCall;
import dev.weft.context.program.SubcallException;
import dev.weft.transforms.export.ChunkFiles;
import dev.weft.transforms.program.MapResult;
import dev.weft.transforms.program.ResultRecords;
import java.io.Serializable;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.stream.Stream;
import org.apache.beam.sdk.Pipeline;
import org.apache.beam.sdk.PipelineResult;
import org.apache.beam.sdk.coders.KvCoder;
import org.apache.beam.sdk.coders.StringUtf8Coder;
import org.apache.beam.sdk.metrics.MetricNameFilter;
import org.apache.beam.sdk.metrics.MetricsFilter;
import org.apache.beam.sdk.testing.PAssert;
import org.apache.beam.sdk.transforms.Create;
import org.apache.beam.sdk.transforms.MapElements;
import org.apache.beam.sdk.values.KV;
import org.apache.beam.sdk.values.PCollection;
import org.apache.beam.sdk.values.TypeDescriptors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CapSubcallsTest {
  @TempDir Path out;

  /** doc#N by N: the numeric order the program runner's AddressOrder gives these addresses. */
  static final class ByNumber implements Comparator<String>, Serializable {
    @Override
    public int compare(String a, String b) {
      return Integer.compare(Integer.parseInt(a.substring(4)), Integer.parseInt(b.substring(4)));
    }
  }

  @Test
  void keepsTheFirstNInTheGivenOrderWhateverTheInputOrderAndCountsTheRest() {
    List<MapCall> calls = new ArrayList<>();
    for (int i = 0; i < 12; i++) {
      calls.add(new MapCall("doc#" + i, "i", "p" + i, Optional.empty()));
    }
    Collections.shuffle(calls, new Random(7));

    Pipeline pipeline = BeamFixtures.directPipeline();
    PCollection<String> kept = pipeline
        .apply("Calls", Create.of(calls).withCoder(MapCallCoder.of()))
        .apply("Cap", CapSubcalls.first(3, new ByNumber()))
        .apply("Addresses", MapElements.into(TypeDescriptors.strings()).via(MapCall::address));
    // doc#10 and doc#11 sort before doc#2 as plain strings: the given order must decide, not String's
    PAssert.that(kept).containsInAnyOrder("doc#0", "doc#1", "doc#2");
    PipelineResult result = pipeline.run();
    result.waitUntilFinish();

    assertThat(counter(result, "map_items")).isEqualTo(12);
    assertThat(counter(result, "map_not_visited")).isEqualTo(9);
  }

  @Test
  void refusesANegativeCapByName() {
    assertThatThrownBy(() -> CapSubcalls.first(-1, new ByNumber()))
        .hasMessage("maxSubcalls must be at least 0 (0: no cap), got: -1");
  }

  @Test
  void writesResultsAsAParquetDatasetThatReadsBackToTheSameResults() throws Exception {
    MapResult reply = new MapResult("doc#0", JsonNodeFactory.instance.objectNode().put("uses", true));
    MapResult failure = MapResult.failure("doc#1",
        new SubcallException(SubcallException.Reason.MALFORMED_REPLY, "not JSON: {"));
    Pipeline pipeline = BeamFixtures.directPipeline();
    pipeline
        .apply("Results", Create.of(KV.of("doc#0", reply), KV.of("doc#1", failure))
            .withCoder(KvCoder.of(StringUtf8Coder.of(), MapResultCoder.of())))
        .apply("Write", WriteMapResultsParquet.to(out.toString(), "fp1"));
    pipeline.run().waitUntilFinish();

    List<MapResult> read = new ArrayList<>();
    try (Stream<Path> files = Files.list(out)) {
      for (Path file : files.filter(f -> f.getFileName().toString().startsWith("results-")).toList()) {
        ChunkFiles.read(file, record -> {
          assertThat(record.get("fingerprint").toString()).isEqualTo("fp1");
          read.add(ResultRecords.fromRecord(record));
        });
      }
    }
    assertThat(read).containsExactlyInAnyOrder(reply, failure);
  }

  private static long counter(PipelineResult result, String name) {
    return result.metrics().queryMetrics(MetricsFilter.builder()
            .addNameFilter(MetricNameFilter.named(MapWithModel.NAMESPACE, name)).build())
        .getCounters().iterator().next().getAttempted();
  }
}
