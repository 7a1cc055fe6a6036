package dev.weft.transforms.beam;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dev.weft.context.program.MapCall;
import dev.weft.context.program.MaxConcurrent;
import dev.weft.context.program.Subcall;
import dev.weft.context.program.SubcallException;
import dev.weft.transforms.program.MapCalls;
import dev.weft.transforms.program.MapResult;
import dev.weft.transforms.program.ResultKeys;
import dev.weft.transforms.program.StoredResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.apache.beam.runners.direct.DirectOptions;
import org.apache.beam.runners.direct.DirectRunner;
import org.apache.beam.sdk.Pipeline;
import org.apache.beam.sdk.PipelineResult;
import org.apache.beam.sdk.io.TextIO;
import org.apache.beam.sdk.metrics.MetricNameFilter;
import org.apache.beam.sdk.metrics.MetricResult;
import org.apache.beam.sdk.metrics.MetricsFilter;
import org.apache.beam.sdk.options.PipelineOptionsFactory;
import org.apache.beam.sdk.transforms.Create;
import org.apache.beam.sdk.transforms.MapElements;
import org.apache.beam.sdk.values.KV;
import org.apache.beam.sdk.values.PCollection;
import org.apache.beam.sdk.values.TypeDescriptors;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MapWithModelTest {
  private static final String INSTRUCTION = "Does this piece call the deprecated API?";

  @TempDir Path work;

  @BeforeEach
  void reset() {
    GatedSubcall.reset();
  }

  @Test
  void neverHasMoreThanKCallsInFlightThoughTheRunnerHasMoreThreads() throws Exception {
    int k = 3;
    List<MapCall> calls = balancedCalls(k, 4);

    Map<String, MapResult> results = run(MapWithModel.using(new GatedSubcall(k)).withMaxConcurrent(k),
        calls, 8).results;

    assertThat(GatedSubcall.MAX_IN_FLIGHT.get()).isBetween(1, k);
    assertThat(results).hasSize(calls.size());
    assertThat(results.get("doc#0").value().asText()).isEqualTo("seen:piece 0");
  }

  @Test
  void oneGroupOnOneWorkerKeepsKCallsInFlight() throws Exception {
    int k = 4;
    List<MapCall> calls = balancedCalls(1, 12);

    Outcome outcome = run(MapWithModel.using(new GatedSubcall(k)).withMaxConcurrent(k).withGroups(1), calls, 1);

    assertThat(GatedSubcall.MAX_IN_FLIGHT.get()).isEqualTo(k);
    assertThat(outcome.results).hasSize(calls.size()).allSatisfy((address, result) ->
        assertThat(result.value().asText()).startsWith("seen:"));
    assertThat(outcome.counter("map_calls")).isEqualTo(calls.size());
  }

  @Test
  void twoGroupsShareKBetweenThemAndNeverExceedIt() throws Exception {
    int k = 4;
    List<MapCall> calls = balancedCalls(2, 8);

    Outcome outcome = run(MapWithModel.using(new GatedSubcall(k)).withMaxConcurrent(k).withGroups(2), calls, 2);

    assertThat(GatedSubcall.MAX_IN_FLIGHT.get()).isEqualTo(k);
    assertThat(GatedSubcall.CALLS.get()).isEqualTo(calls.size());
    assertThat(outcome.results).hasSize(calls.size());
  }

  @Test
  void refusesGroupKeysThatAreNotOneToKDistinctIntegers() {
    MapWithModel map = MapWithModel.using(new GatedSubcall(1)).withMaxConcurrent(2);
    assertThatThrownBy(() -> map.withGroupKeys(List.of(1, 2, 3)))
        .hasMessage("group keys must be 1 to 2 distinct integers, one per group (set maxConcurrent first), got: "
            + "[1, 2, 3]");
    assertThatThrownBy(() -> map.withGroupKeys(List.of(7, 7)))
        .hasMessageContaining("got: [7, 7]");
    assertThatThrownBy(() -> map.withGroups(0)).hasMessage("groups must be at least 1, got: 0");
  }

  @Test
  void aFailedCallIsThatPiecesErrorResultAndTheMapCompletes() throws Exception {
    List<MapCall> calls = balancedCalls(2, 3);
    GatedSubcall.FAILING.add("doc#1");
    GatedSubcall.FAILING.add("doc#4");

    Outcome outcome = run(MapWithModel.using(new GatedSubcall(1)).withMaxConcurrent(2), calls, 2);

    assertThat(outcome.results).hasSize(calls.size());
    MapResult failed = outcome.results.get("doc#1");
    assertThat(failed.failed()).isTrue();
    assertThat(failed.value().at("/error/reason").asText()).isEqualTo("TIMEOUT");
    assertThat(failed.value().at("/error/message").asText()).isEqualTo("no reply within 1 s (test)");
    assertThat(outcome.results.get("doc#0").failed()).isFalse();
    assertThat(outcome.counter("map_calls")).isEqualTo(6);
    assertThat(outcome.counter("map_failed")).isEqualTo(2);
  }

  @Test
  void aReRunAfterACrashHalfwayAsksOnlyWhatIsMissing() throws Exception {
    List<MapCall> calls = balancedCalls(1, 10);
    ResultStore store = ResultStore.at(work.resolve("results").toString(), "fp1");
    Path storeDir = work.resolve("results").resolve("fp1");
    Path aside = work.resolve("fp1-aside");
    GatedSubcall.crashAt = 6;
    GatedSubcall.atCrash = () -> StoreCrash.unwritable(storeDir, aside);
    // one lane: the DirectRunner does not wait for the other lanes of a failed run, so with one lane what is
    // stored when the run has failed is exactly the 5 calls before the crash
    MapWithModel first = MapWithModel.using(new GatedSubcall(1)).withMaxConcurrent(1).withResults(store);

    assertThatThrownBy(() -> run(first, calls, 2)).hasMessageContaining("cannot write the map result");
    StoreCrash.restore(storeDir, aside);
    int storedByFirstRun = storedFiles(store).size();
    assertThat(storedByFirstRun).isEqualTo(5);

    GatedSubcall.reset();
    Outcome second = run(first.withMaxConcurrent(3), calls, 3);

    assertThat(GatedSubcall.CALLS.get()).isEqualTo(calls.size() - storedByFirstRun);
    assertThat(second.counter("map_skipped_done")).isEqualTo(storedByFirstRun);
    assertThat(second.results).hasSize(calls.size());
    assertThat(second.results.values()).allMatch(r -> r.value().asText().startsWith("seen:"));
  }

  @Test
  void aFileUriResultsLocationIsThePathItNamesNotARelativeFileDirectory() throws Exception {
    ResultStore store = ResultStore.at(work.resolve("uri results").toUri().toString(), "fp9");
    MapCall call = new MapCall("doc#1", INSTRUCTION, "text", Optional.empty());

    store.put(StoredResult.of(call, new MapResult("doc#1", JsonNodeFactory.instance.textNode("kept"))));

    assertThat(work.resolve("uri results/fp9").resolve(ResultKeys.fileName("doc#1"))).isRegularFile();
    assertThat(Path.of("file:")).doesNotExist();
  }

  @Test
  void aTornOrForeignFileIsNotDoneAndAChangedPieceIsAskedAgain() throws Exception {
    List<MapCall> calls = balancedCalls(1, 4);
    ResultStore store = ResultStore.at(work.resolve("results").toString(), "fp1");
    for (MapCall call : calls.subList(0, 2)) {
      store.put(StoredResult.of(call, new MapResult(call.address(), JsonNodeFactory.instance.textNode("kept"))));
    }
    // doc#2: a torn result file (as a power loss before the data reached the disk could leave); doc#3: a result
    // of older text under the same address
    Path dir = work.resolve("results/fp1");
    Files.writeString(dir.resolve(ResultKeys.fileName("doc#2")), "{\"address\":\"doc#2\",\"pie");
    MapCall old = new MapCall("doc#3", INSTRUCTION, "older text", Optional.empty());
    store.put(StoredResult.of(old, new MapResult("doc#3", JsonNodeFactory.instance.textNode("stale"))));
    // a write killed before its rename leaves a partial file, which no listing matches
    Files.writeString(dir.resolve(ResultKeys.fileName("doc#9") + ".x" + ResultKeys.PARTIAL_SUFFIX), "{");

    Outcome outcome = run(MapWithModel.using(new GatedSubcall(1)).withResults(store), calls, 2);

    assertThat(GatedSubcall.ASKED).containsExactlyInAnyOrder("doc#2", "doc#3");
    assertThat(outcome.results.get("doc#0").value().asText()).isEqualTo("kept");
    assertThat(outcome.results.get("doc#3").value().asText()).isEqualTo("seen:piece 3");
    assertThat(outcome.counter("map_stored_unreadable")).isEqualTo(1);
    assertThat(StoredResult.parse(Files.readString(dir.resolve(ResultKeys.fileName("doc#2"))))).isPresent();
  }

  @Test
  void storedFailuresAreAskedAgainUnlessRetryIsOff() throws Exception {
    List<MapCall> calls = balancedCalls(1, 2);
    ResultStore store = ResultStore.at(work.resolve("results").toString(), "fp1");
    MapCall first = calls.get(0);
    store.put(StoredResult.of(first, MapResult.failure(first.address(),
        new SubcallException(SubcallException.Reason.SERVER_ERROR, "500 (test)"))));

    run(MapWithModel.using(new GatedSubcall(1)).withResults(store).withRetryFailed(false), calls, 1);
    assertThat(GatedSubcall.ASKED).containsExactly("doc#1");

    GatedSubcall.reset();
    run(MapWithModel.using(new GatedSubcall(1)).withResults(store), calls, 1);
    assertThat(GatedSubcall.ASKED).containsExactly("doc#0");
  }

  @Test
  void aCallCancelledByTheTeardownIsNotStoredSoTheReRunAsksIt() throws Exception {
    List<MapCall> calls = balancedCalls(1, 2);
    ResultStore store = ResultStore.at(work.resolve("results").toString(), "fp1");
    Subcall cancelledFirst = (call, cancel) -> {
      if (call.address().equals("doc#0")) {
        throw new SubcallException(SubcallException.Reason.CANCELLED, "the job is being stopped (test)");
      }
      return JsonNodeFactory.instance.textNode("seen");
    };

    Outcome outcome = run(MapWithModel.using(cancelledFirst).withResults(store), calls, 1);

    assertThat(outcome.results.get("doc#0").cancelled()).isTrue();
    assertThat(Path.of(store.results(), store.fingerprint(), ResultKeys.fileName("doc#0"))).doesNotExist();
    assertThat(Path.of(store.results(), store.fingerprint(), ResultKeys.fileName("doc#1"))).exists();
  }

  @Test
  void refusesAConcurrencyOutsideItsRangeByName() {
    MapWithModel map = MapWithModel.using(new GatedSubcall(1));
    assertThatThrownBy(() -> map.withMaxConcurrent(0))
        .hasMessage("maxConcurrent must be between 1 and 64, got: 0");
    assertThatThrownBy(() -> ResultStore.at(" ", "fp"))
        .hasMessage("results location must be a non-blank path or URI, got: \" \"");
  }

  @Test
  void takesTheSameKAsTheInProcessRunnerAndNoMore() {
    MapWithModel map = MapWithModel.using(new GatedSubcall(1));
    assertThat(map.maxConcurrent()).isEqualTo(MaxConcurrent.DEFAULT);
    assertThat(map.withMaxConcurrent(MaxConcurrent.MAX).maxConcurrent()).isEqualTo(64);
    // one cap for both executors: a K the in-process runner refuses is refused on Beam too
    assertThatThrownBy(() -> map.withMaxConcurrent(MaxConcurrent.MAX + 1))
        .hasMessage("maxConcurrent must be between 1 and 64, got: 65");
  }

  /** {@code perLane} pieces in each of {@code lanes} lanes, addresses {@code doc#0..}, so the lanes finish together. */
  static List<MapCall> balancedCalls(int lanes, int perLane) {
    Map<Integer, List<MapCall>> byLane = new TreeMap<>();
    List<MapCall> calls = new ArrayList<>();
    for (int i = 0; calls.size() < lanes * perLane; i++) {
      String address = "doc#" + i;
      List<MapCall> lane = byLane.computeIfAbsent(MapCalls.laneOf(address, lanes), l -> new ArrayList<>());
      if (lane.size() < perLane) {
        MapCall call = new MapCall(address, INSTRUCTION, "piece " + i, Optional.empty());
        lane.add(call);
        calls.add(call);
      }
    }
    return calls;
  }

  private static List<Path> storedFiles(ResultStore store) throws Exception {
    try (var files = Files.list(Path.of(store.results(), store.fingerprint()))) {
      return files.filter(f -> f.getFileName().toString().endsWith(ResultKeys.SUFFIX)).toList();
    }
  }

  private record Outcome(Map<String, MapResult> results, PipelineResult run) {
    long counter(String name) {
      long sum = 0;
      for (MetricResult<Long> c : run.metrics().queryMetrics(MetricsFilter.builder()
          .addNameFilter(MetricNameFilter.named(MapWithModel.NAMESPACE, name)).build()).getCounters()) {
        sum += c.getAttempted();
      }
      return sum;
    }
  }

  /** Runs {@code map} over {@code calls} on the DirectRunner with {@code threads} threads; results read back. */
  private Outcome run(MapWithModel map, List<MapCall> calls, int threads) throws Exception {
    DirectOptions options = PipelineOptionsFactory.as(DirectOptions.class);
    options.setRunner(DirectRunner.class);
    options.setTargetParallelism(threads);
    Pipeline pipeline = Pipeline.create(options);
    Path out = Files.createTempDirectory(work, "out");
    PCollection<KV<String, MapResult>> results = pipeline
        .apply("Calls", Create.of(calls).withCoder(MapCallCoder.of()))
        .apply("MapWithModel", map);
    results
        .apply("ToLines", MapElements.into(TypeDescriptors.strings())
            .via((KV<String, MapResult> kv) -> new StoredResult("-", kv.getValue()).toJson()))
        .apply("Write", TextIO.write().to(out.resolve("part").toString()).withNumShards(1));
    PipelineResult run = pipeline.run();
    run.waitUntilFinish();
    Map<String, MapResult> byAddress;
    try (var files = Files.list(out)) {
      byAddress = files.flatMap(f -> {
        try {
          return Files.readAllLines(f).stream();
        } catch (java.io.IOException e) {
          throw new java.io.UncheckedIOException(e);
        }
      }).map(line -> StoredResult.parse(line).orElseThrow().result())
          .collect(Collectors.toMap(MapResult::address, r -> r));
    }
    return new Outcome(byAddress, run);
  }
}
