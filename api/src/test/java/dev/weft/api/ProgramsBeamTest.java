package dev.weft.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.weft.context.program.Subcall;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The same program and model give the same results in process and on the DirectRunner; a re-run resumes. */
class ProgramsBeamTest {
  private static final Path PROGRAM = ProgramsTest.EXAMPLES.resolve("deprecated-calls.json");
  private static final ProgramSource DATASET =
      new ProgramSource.Dataset(ProgramsTest.EXAMPLES.resolve("modules.jsonl"));
  /** Static: the Beam runner calls a deserialized copy of the sub-call. */
  private static final AtomicInteger CALLS = new AtomicInteger();
  private static final Subcall COUNTED_JUDGE = (call, cancel) -> {
    CALLS.incrementAndGet();
    return ProgramsTest.judge(call.piece());
  };

  @TempDir Path tmp;

  @Test
  void inProcessAndDirectGiveTheSameAnswerAndResultsAndARerunAsksNothingAgain() throws Exception {
    ProgramRequest inProcess = ProgramRequest.inProcess(PROGRAM, DATASET, COUNTED_JUDGE);
    ProgramRequest direct = inProcess.on(ProgramExecutor.DIRECT).withBeamWork(tmp.resolve("work"));

    CALLS.set(0);
    ProgramOutcome here = Weft.programs().run(inProcess);
    ProgramOutcome beam = Weft.programs().run(direct);
    int beamCalls = CALLS.get() - here.result().subcalls();
    ProgramOutcome again = Weft.programs().run(direct);

    assertThat(beam.result().answerPreview()).isEqualTo(here.result().answerPreview());
    assertThat(beam.result().fingerprint()).isEqualTo(here.result().fingerprint());
    assertThat(beam.result().subcalls()).isEqualTo(3);
    assertThat(beamCalls).isEqualTo(3);
    assertThat(again.result().subcalls()).isZero();
    assertThat(again.result().answerPreview()).isEqualTo(here.result().answerPreview());
    assertThat(CALLS.get()).isEqualTo(6);
    assertThat(Files.list(tmp.resolve("work/runs").resolve(here.result().fingerprint()))
        .filter(p -> p.getFileName().toString().endsWith(".parquet"))).isNotEmpty();
    String slot = "answer/" + here.result().fingerprint();
    assertThat(beam.answerSlot()).hasValue(slot);
    assertThat(here.answerSlot()).isEmpty();
    try (Weft ledger = Weft.open(tmp.resolve("work"))) {
      assertThat(ledger.environment().read(slot, here.result().answerChars(), 0))
          .isEqualTo(here.result().answerPreview());
    }
  }

  @Test
  void aProgramBeamCannotRunIsRefusedBeforeItRuns() throws Exception {
    Path program = Files.writeString(tmp.resolve("p.json"), """
        {"steps": [{"op": "stat", "from": "input", "as": "s"},
                   {"op": "map", "from": "input", "as": "m", "instruction": "x"},
                   {"op": "answer", "from": "m"}]}""");
    Path env = Files.createDirectories(tmp.resolve("env"));

    assertThatThrownBy(() -> Weft.programs().run(ProgramRequest.inProcess(program, DATASET, COUNTED_JUDGE)
        .on(ProgramExecutor.DIRECT).withBeamWork(tmp.resolve("w"))))
        .hasMessageStartingWith("the Beam runner runs input → chunk/grep … → map → …, but step 0 (stat)");
    assertThatThrownBy(() -> Weft.programs().run(ProgramRequest.inProcess(program, new ProgramSource.EnvDir(env),
        COUNTED_JUDGE).on(ProgramExecutor.FLINK)))
        .hasMessageStartingWith("--env runs in process only");
    assertThat(tmp.resolve("w")).doesNotExist();
  }
}
