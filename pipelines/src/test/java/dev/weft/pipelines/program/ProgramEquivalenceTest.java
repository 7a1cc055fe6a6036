package dev.weft.pipelines.program;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dev.weft.agents.model.ChatSubcall;
import dev.weft.agents.model.stub.StubChatServer;
import dev.weft.agents.model.stub.StubReply;
import dev.weft.agents.program.AddressOrder;
import dev.weft.agents.program.Piece;
import dev.weft.agents.program.Plan;
import dev.weft.agents.program.ProgramCompiler;
import dev.weft.agents.program.ProgramRunner;
import dev.weft.agents.program.RunOptions;
import dev.weft.agents.program.RunResult;
import dev.weft.context.env.SlotEnvironment;
import dev.weft.context.ledger.Ledger;
import dev.weft.context.ledger.LedgerOptions;
import dev.weft.context.program.CancelSignal;
import dev.weft.context.store.InMemoryStore;
import dev.weft.models.http.EndpointConfig;
import dev.weft.transforms.dataset.DatasetRecords;
import dev.weft.transforms.dataset.RecordOutcome;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.apache.beam.sdk.options.PipelineOptionsFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The example program over its dataset, in-process and on the DirectRunner, against one stub chat server. */
class ProgramEquivalenceTest {
  private static final Path EXAMPLES = Path.of("..", "examples", "programs");
  private static final int K = 2;

  @TempDir Path work;

  @Test
  void inProcessAndBeamGiveTheSameAnswerAndBeamWritesItToTheLedger() throws Exception {
    Plan plan = ProgramCompiler.compileText(Files.readString(EXAMPLES.resolve("deprecated-calls.json")), n -> false)
        .planOrThrow();
    Path dataset = EXAMPLES.resolve("modules.jsonl").toAbsolutePath();

    String inProcess;
    try (StubChatServer stub = stub()) {
      RunResult result = new ProgramRunner(new SlotEnvironment(new InMemoryStore()), subcall(stub),
          RunOptions.defaults().withConcurrency(K)).run(plan, pieces(dataset), CancelSignal.none(), p -> { });
      inProcess = result.readAnswer(0, RunResult.MAX_READ_CHARS);
    }
    BeamProgramRun.Report beam;
    Ledger ledger = new Ledger(new InMemoryStore(), LedgerOptions.defaults());
    try (StubChatServer stub = stub()) {
      beam = BeamProgramRun.run(options(dataset), PlanProgram.of(plan, "stub-model@" + stub.baseUrl()),
          subcall(stub), AddressOrder.INSTANCE, ledger);
      assertThat(stub.maxInFlight()).isBetween(1, K);
    }

    // three pieces mention the call (the grep), two call it (the stub says no to the comment in reports)
    assertThat(beam.answer()).isEqualTo(inProcess).contains("\"answers\" : 3").contains("\"failed\" : [ ]");
    assertThat(ledger.readSlot(beam.slot()).text()).contains(inProcess);
    assertThat(ledger.readSlot(beam.slot()).meta().orElseThrow().toString())
        .contains("\"program\":\"deprecated-calls\"").contains("\"runner\":\"DirectRunner\"");
    assertThat(beam.map().calls()).isEqualTo(beam.map().results().size());
  }

  @Test
  void refusesAProgramTheBeamRunnerCannotRunByItsStep() {
    Plan plan = ProgramCompiler.compileText("""
        {"version": 1, "name": "p", "steps": [
          {"op": "stat", "from": "input", "as": "size"},
          {"op": "map", "from": "input", "as": "m", "instruction": "i"},
          {"op": "answer", "from": "m"}]}""", n -> false).planOrThrow();

    assertThatThrownBy(() -> PlanProgram.of(plan, "m"))
        .hasMessage("before the map the Beam runner runs only the chunk and grep steps that feed it; step 0 "
            + "(stat as 'size') cannot run there: run the program with --runner inprocess, or drop the step");
  }

  /** Replies as the example's schema asks: whether the piece calls the method (not in a comment), a module, why. */
  private static StubChatServer stub() throws Exception {
    StubChatServer stub = new StubChatServer();
    stub.replies(request -> {
      String piece = request.userMessage();
      boolean calls = piece.lines().anyMatch(l -> l.contains("LegacyClock.now()") && !l.strip().startsWith("//"));
      var reply = JsonNodeFactory.instance.objectNode()
          .put("calls", calls)
          .put("module", piece.strip().split("\\s+")[0])
          .put("why", calls ? "it reads the time" : "a comment only");
      return StubReply.text(reply.toString());
    });
    return stub;
  }

  private static ChatSubcall subcall(StubChatServer stub) {
    return new ChatSubcall(EndpointConfig.of(stub.baseUrl(), "stub-model").withTimeout(Duration.ofSeconds(30)),
        false, ChatSubcall.noWait());
  }

  /** The dataset's records as the in-process runner takes them: address = id, text = title, blank line, text. */
  private static List<Piece> pieces(Path dataset) {
    List<Piece> pieces = new ArrayList<>();
    DatasetRecords.read(dataset, outcome -> {
      if (outcome instanceof RecordOutcome.Valid valid) {
        pieces.add(new Piece(valid.record().id(), valid.record().body()));
      }
    });
    return pieces;
  }

  private ProgramRunOptions options(Path dataset) {
    return PipelineOptionsFactory.fromArgs("--runner=DirectRunner", "--source=" + dataset, "--sourceKind=dataset",
        "--results=" + work.resolve("results"), "--output=" + work.resolve("out"),
        "--maxConcurrentSubcalls=" + K).withValidation().as(ProgramRunOptions.class);
  }

}
