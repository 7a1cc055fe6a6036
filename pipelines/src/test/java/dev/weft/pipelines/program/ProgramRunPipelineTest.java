package dev.weft.pipelines.program;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.weft.agents.program.AddressOrder;
import dev.weft.agents.program.MapProgress;
import dev.weft.agents.program.RunOptions;
import dev.weft.context.IndexLocation;
import dev.weft.context.program.MaxConcurrent;
import dev.weft.pipelines.Runner;
import dev.weft.pipelines.ingest.IngestRequest;
import dev.weft.pipelines.ingest.Ingester;
import dev.weft.pipelines.program.beam.MapOutcome;
import dev.weft.pipelines.program.beam.PieceSteps;
import dev.weft.pipelines.program.beam.ProgramRunOptions;
import dev.weft.pipelines.program.beam.ProgramRunPipeline;
import dev.weft.transforms.program.MapResult;
import java.io.IOException;
import java.io.Serializable;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.beam.sdk.options.PipelineOptionsFactory;
import org.apache.beam.sdk.values.KV;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ProgramRunPipelineTest {
  private static final ProgramRunPipeline.MapStep MAP =
      new ProgramRunPipeline.MapStep("How long is it?", "", 0);

  @TempDir Path work;

  /** r-N... by N, then as strings: the way the program runner's AddressOrder orders these ids. */
  static final class ByNumber implements Comparator<String>, Serializable {
    @Override
    public int compare(String a, String b) {
      int byNumber = Integer.compare(number(a), number(b));
      return byNumber != 0 ? byNumber : a.compareTo(b);
    }

    private static int number(String address) {
      int end = 2;
      while (end < address.length() && Character.isDigit(address.charAt(end))) {
        end++;
      }
      return Integer.parseInt(address.substring(2, end));
    }
  }

  @BeforeEach
  void reset() {
    CountingSubcall.reset();
  }

  @Test
  void mapsEveryRecordOfADatasetAndReturnsTheResultsInAddressOrder() throws Exception {
    Path dataset = dataset(12);
    CountingSubcall.FAILING.add("r-3");

    MapOutcome outcome = run(options(dataset, 3, 0), PieceSteps.NONE);

    assertThat(outcome.results()).extracting(MapResult::address)
        .containsExactly("r-0", "r-1", "r-2", "r-3", "r-4", "r-5", "r-6", "r-7", "r-8", "r-9", "r-10", "r-11");
    assertThat(outcome.results().get(0).value().get("len").asInt()).isEqualTo("text of record 0".length());
    assertThat(outcome.results().get(3).value().at("/error/reason").asText()).isEqualTo("SERVER_ERROR");
    assertThat(outcome.items()).isEqualTo(12);
    assertThat(outcome.calls()).isEqualTo(12);
    assertThat(outcome.failed()).isEqualTo(1);
    assertThat(outcome.notVisited()).isZero();
  }

  @Test
  void maxSubcallsVisitsTheFirstNInAddressOrderAndReportsTheRest() throws Exception {
    Path dataset = dataset(12);

    MapOutcome outcome = run(options(dataset, 2, 5), PieceSteps.NONE);

    // r-10 and r-11 sort before r-2 as plain strings: the program's order decides
    assertThat(CountingSubcall.ASKED).containsExactlyInAnyOrder("r-0", "r-1", "r-2", "r-3", "r-4");
    assertThat(outcome.results()).hasSize(5);
    assertThat(outcome.notVisited()).isEqualTo(7);
  }

  @Test
  void theStepsBeforeTheMapRunPerPieceOnTheWorkers() throws Exception {
    Path dataset = dataset(4);
    PieceSteps evenOnly = (address, text) -> Integer.parseInt(address.substring(2)) % 2 == 0
        ? List.of(KV.of(address + "#a", text), KV.of(address + "#b", text + "!"))
        : List.of();

    MapOutcome outcome = run(options(dataset, 2, 0), evenOnly);

    assertThat(outcome.results()).extracting(MapResult::address).containsExactlyInAnyOrder(
        "r-0#a", "r-0#b", "r-2#a", "r-2#b");
    assertThat(outcome.items()).isEqualTo(4);
  }

  @Test
  void aReRunAfterACrashAsksOnlyWhatIsMissing() throws Exception {
    Path dataset = dataset(10);
    // one lane: when the crash fails the run nothing else is still calling (the DirectRunner does not wait for
    // the other lanes of a failed run), so what is stored is exactly the 4 calls before the crash
    ProgramRunOptions first = options(dataset, 1, 0);
    Path storeDir = work.resolve("results/fp-test");
    Path aside = work.resolve("fp-test-aside");
    CountingSubcall.crashAt = 5;
    CountingSubcall.atCrash = () -> moveAside(storeDir, aside);
    assertThatThrownBy(() -> run(first, PieceSteps.NONE)).hasMessageContaining("(Not a directory); the results stored"
        + " so far are kept");
    Files.delete(storeDir);
    Files.move(aside, storeDir);
    int storedBefore = stored();
    assertThat(storedBefore).isEqualTo(4);

    CountingSubcall.reset();
    MapOutcome second = run(options(dataset, 2, 0), PieceSteps.NONE);

    assertThat(CountingSubcall.CALLS.get()).isEqualTo(10 - storedBefore);
    assertThat(second.calls()).isEqualTo(10 - storedBefore);
    assertThat(second.reused()).isEqualTo(storedBefore);
    assertThat(second.results()).hasSize(10).noneMatch(MapResult::failed);

    CountingSubcall.reset();
    MapOutcome third = run(options(dataset, 2, 0), PieceSteps.NONE);
    assertThat(CountingSubcall.CALLS.get()).isZero();
    assertThat(third.results()).isEqualTo(second.results());
  }

  @Test
  void mapsEveryChunkOfAnIndexsServedGenerationUnderItsChunkId() throws Exception {
    Path root = Files.createDirectories(work.resolve("corpus"));
    Files.writeString(root.resolve("a.md"), "# A\n\nFirst section.\n\n## B\n\nSecond section.\n");
    Files.writeString(root.resolve("b.md"), "# C\n\nThird.\n");
    Path index = work.resolve("index");
    new Ingester().run(IngestRequest.directory(root, IndexLocation.of(index)).runner(Runner.INPROCESS).build());
    ProgramRunOptions options = PipelineOptionsFactory.fromArgs("--runner=DirectRunner", "--source=" + index,
        "--sourceKind=index", "--results=" + work.resolve("results"), "--output=" + work.resolve("out"),
        "--maxConcurrent=2").withValidation().as(ProgramRunOptions.class);

    MapOutcome outcome = ProgramRunPipeline.run(options, PieceSteps.NONE, MAP, "fp-index", new CountingSubcall(),
        AddressOrder.INSTANCE);

    assertThat(outcome.results()).extracting(MapResult::address).containsExactly("a.md#0", "a.md#1", "b.md#0");
    // the piece is the chunk as indexed (the section's text, without the file's last line break)
    assertThat(outcome.results().get(2).value().get("len").asInt()).isEqualTo("# C\n\nThird.".length());
  }

  @Test
  void badRecordsAreDeadLettersNotPieces() throws Exception {
    Path dataset = work.resolve("bad.jsonl");
    Files.writeString(dataset, "{\"id\":\"r-0\",\"text\":\"fine\"}\nnot json\n{\"id\":\"r-0\",\"text\":\"again\"}\n");

    MapOutcome outcome = run(options(dataset, 1, 0), PieceSteps.NONE);

    assertThat(outcome.results()).extracting(MapResult::address).containsExactly("r-0");
    assertThat(outcome.deadLetters()).hasSize(2);
  }

  @Test
  void theBeamOptionIsTheLibrarysKnobWithItsDefaultAndCap() throws Exception {
    ProgramRunOptions defaults = PipelineOptionsFactory.fromArgs("--source=/s", "--results=/r", "--output=/o")
        .as(ProgramRunOptions.class);
    assertThat(defaults.getMaxConcurrent()).isEqualTo(RunOptions.defaults().maxConcurrent())
        .isEqualTo(MaxConcurrent.DEFAULT);
    assertThatThrownBy(() -> run(options(dataset(1), MaxConcurrent.MAX + 1, 0), PieceSteps.NONE))
        .hasMessage("maxConcurrent must be between 1 and 64, got: 65");
    assertThat(CountingSubcall.CALLS.get()).isZero();
  }

  @Test
  void refusesBadOptionsBeforeAnythingRuns() throws Exception {
    ProgramRunOptions options = options(dataset(1), 0, 0);
    assertThatThrownBy(() -> run(options, PieceSteps.NONE))
        .hasMessage("maxConcurrent must be between 1 and 64, got: 0");
    assertThatThrownBy(() -> PipelineOptionsFactory.fromArgs("--results=/r", "--output=/o").withValidation()
        .as(ProgramRunOptions.class)).hasMessageContaining("--source");
    assertThat(CountingSubcall.CALLS.get()).isZero();
  }

  /**
   * On Direct the map's counters reach the listener while the pipeline runs: the last call waits (bounded) until a
   * report has counted every other piece done, which only a report made during the run can do; the last report
   * is the whole map.
   */
  @Test
  void progressIsReportedWhileTheMapRunsAndOnceAtTheEnd() throws Exception {
    Path dataset = dataset(6);
    CountingSubcall.FAILING.add("r-2");
    List<MapProgress> reports = new CopyOnWriteArrayList<>();
    CountDownLatch sawFiveDone = new CountDownLatch(1);
    AtomicBoolean openedWhileRunning = new AtomicBoolean();
    CountingSubcall.beforeCall = number -> {
      if (number == 6) {
        openedWhileRunning.set(CountingSubcall.awaitQuietly(sawFiveDone));
      }
    };

    MapOutcome outcome = ProgramRunPipeline.run(options(dataset, 1, 0), PieceSteps.NONE, MAP, "fp-test",
        new CountingSubcall(), new ByNumber(), progress -> {
          reports.add(progress);
          if (progress.done() >= 5) {
            sawFiveDone.countDown();
          }
        });

    assertThat(openedWhileRunning).as("a report during the run counted five pieces done").isTrue();
    MapProgress last = reports.get(reports.size() - 1);
    assertThat(last.done()).isEqualTo(6);
    assertThat(last.total()).isEqualTo(6);
    assertThat(last.failed()).isEqualTo(1);
    assertThat(last.inFlight()).isZero();
    assertThat(reports).extracting(MapProgress::done).isSorted();
    assertThat(outcome.calls()).isEqualTo(6);
  }

  private MapOutcome run(ProgramRunOptions options, PieceSteps steps) {
    return ProgramRunPipeline.run(options, steps, MAP, "fp-test", new CountingSubcall(), new ByNumber());
  }

  /** The crash: the store's directory moved aside and a file in its place, so the next result's write fails. */
  private static void moveAside(Path storeDir, Path aside) {
    try {
      Files.move(storeDir, aside);
      Files.writeString(storeDir, "not a directory (test)");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private int stored() throws IOException {
    try (var files = Files.list(work.resolve("results/fp-test"))) {
      return (int) files.filter(f -> f.getFileName().toString().endsWith(".json")).count();
    }
  }

  private ProgramRunOptions options(Path dataset, int k, int maxSubcalls) {
    return PipelineOptionsFactory.fromArgs("--runner=DirectRunner", "--source=" + dataset,
        "--sourceKind=dataset", "--results=" + work.resolve("results"), "--output=" + work.resolve("out"),
        "--maxConcurrent=" + k, "--maxSubcalls=" + maxSubcalls).withValidation()
        .as(ProgramRunOptions.class);
  }

  private Path dataset(int records) throws IOException {
    List<String> lines = new ArrayList<>();
    for (int i = 0; i < records; i++) {
      lines.add("{\"id\":\"r-" + i + "\",\"text\":\"text of record " + i + "\"}");
    }
    return Files.write(work.resolve("records.jsonl"), lines);
  }
}
