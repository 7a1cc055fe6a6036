package dev.weft.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.weft.agents.model.stub.StubChatServer;
import dev.weft.agents.model.stub.StubReply;
import dev.weft.context.program.Subcall;
import dev.weft.pipelines.Runner;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The same program and stub model give the same results in process and on the DirectRunner; a re-run resumes. */
class ProgramsBeamTest {
  private static final Path PROGRAM = ProgramsTest.EXAMPLES.resolve("deprecated-calls.json");
  private static final ProgramSource DATASET =
      new ProgramSource.Dataset(ProgramsTest.EXAMPLES.resolve("modules.jsonl"));
  private static final Subcall JUDGE = (call, cancel) -> ProgramsTest.judge(call.piece());

  @TempDir Path tmp;

  @Test
  void inProcessAndDirectGiveTheSameAnswerAndResultsAndARerunAsksNothingAgain() throws Exception {
    try (StubChatServer stub = new StubChatServer()) {
      stub.replies(request -> StubReply.text(ProgramsTest.judge(request.userMessage()).toString()));
      Subcall model = Programs.chatSubcall(stub.baseUrl(), "stub", "WEFT_TEST_NO_KEY", Duration.ofSeconds(30));
      ProgramRequest inProcess = ProgramRequest.inProcess(PROGRAM, DATASET, model);
      ProgramRequest direct = inProcess.on(Runner.DIRECT).withBeamWork(tmp.resolve("work"));

      ProgramOutcome here = Weft.programs().run(inProcess);
      int hereCalls = stub.calls();
      ProgramOutcome beam = Weft.programs().run(direct);
      int beamCalls = stub.calls() - hereCalls;
      ProgramOutcome again = Weft.programs().run(direct);

      assertThat(hereCalls).isEqualTo(3);
      assertThat(beamCalls).isEqualTo(3);
      assertThat(stub.calls()).isEqualTo(6);
      assertThat(beam.result().answerPreview()).isEqualTo(here.result().answerPreview())
          .contains("\"auth\", \"billing\"");
      assertThat(beam.result().fingerprint()).isEqualTo(here.result().fingerprint());
      assertThat(beam.result().subcalls()).isEqualTo(3);
      assertThat(again.result().subcalls()).isZero();
      assertThat(again.result().answerPreview()).isEqualTo(here.result().answerPreview());
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
  }

  @Test
  void aProgramBeamCannotRunIsRefusedBeforeItRuns() throws Exception {
    Path program = Files.writeString(tmp.resolve("p.json"), """
        {"steps": [{"op": "stat", "from": "input", "as": "s"},
                   {"op": "map", "from": "input", "as": "m", "instruction": "x"},
                   {"op": "answer", "from": "m"}]}""");
    Path env = Files.createDirectories(tmp.resolve("env"));

    assertThatThrownBy(() -> Weft.programs().run(ProgramRequest.inProcess(program, DATASET, JUDGE)
        .on(Runner.DIRECT).withBeamWork(tmp.resolve("w"))))
        .hasMessageStartingWith("the Beam runner runs input → chunk/grep … → map → …, but step 0 (stat)");
    assertThatThrownBy(() -> Weft.programs().run(ProgramRequest.inProcess(program, new ProgramSource.EnvDir(env),
        JUDGE).on(Runner.FLINK)))
        .hasMessageStartingWith("--env runs in process only");
    assertThat(tmp.resolve("w")).doesNotExist();
  }
}
