package dev.weft.agents.program;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import dev.weft.context.env.SlotEnvironment;
import dev.weft.context.program.CancelSignal;
import dev.weft.context.program.Subcall;
import dev.weft.context.program.SubcallException;
import dev.weft.context.store.InMemoryStore;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class ProgramRunnerTest {
  static final String PROGRAM = """
      {"name": "deprecated", "steps": [
        {"op": "chunk", "from": "input", "as": "pieces", "strategy": "line", "size": 1},
        {"op": "grep", "from": "pieces", "as": "hits", "pattern": "oldApi"},
        {"op": "map", "from": "hits", "as": "why", "instruction": "Which module?"},
        {"op": "reduce", "from": "why", "as": "modules", "query": "[.[] | .result] | unique"},
        {"op": "answer", "from": "modules"}
      ]}""";

  private final SlotEnvironment env = new SlotEnvironment(new InMemoryStore());

  /** A slot's whole text (the runner writes small values; one read holds them). */
  private String slot(String name) {
    return env.read(name, (int) Math.max(1, env.stat(name).chars()), 0);
  }

  static List<Piece> records() {
    return List.of(
        new Piece("r2", "billing calls oldApi\nbilling is fine\n"),
        new Piece("r1", "auth calls oldApi\n"),
        new Piece("r10", "search uses newApi\n"));
  }

  /** Answers the piece's first word, as a JSON string. */
  static final Subcall FIRST_WORD = (call, cancel) ->
      CanonicalJson.MAPPER.getNodeFactory().textNode(call.piece().split(" ")[0]);

  @Test
  void chunkGrepMapReduceAnswerOverInputPieces() throws Exception {
    Plan plan = ProgramCompiler.compileText(PROGRAM, n -> false).planOrThrow();

    RunResult result = new ProgramRunner(env, FIRST_WORD, RunOptions.defaults())
        .run(plan, records(), CancelSignal.none(), MapProgress.Listener.none());

    assertThat(result.ok()).isTrue();
    assertThat(CanonicalJson.parse(result.answerPreview())).hasToString("[\"auth\",\"billing\"]");
    assertThat(result.truncated()).isFalse();
    assertThat(result.subcalls()).isEqualTo(2);
    assertThat(result.failed()).isZero();
    assertThat(result.steps()).extracting(RunResult.StepReport::op)
        .containsExactly("chunk", "grep", "map", "reduce", "answer");
    // results in address order, each in its own slot as well
    assertThat(CanonicalJson.parse(slot("why")).findValuesAsText("address"))
        .containsExactly("r1#line:1/0", "r2#line:1/0");
    assertThat(slot("why/1")).isEqualTo("{\"address\":\"r2#line:1/0\",\"result\":\"billing\"}");
    assertThat(slot("hits")).isEqualTo("[\"r2#line:1/0\",\"r1#line:1/0\"]");
  }

  @Test
  void aSlotIsChunkedThroughTheEnvironmentAndSelectReadsJsonSlots() throws Exception {
    env.put("notes", "a oldApi\nb\nc oldApi\n");
    env.put("config", "{\"owners\": [\"x\", \"y\"]}");
    Plan plan = ProgramCompiler.compileText("""
        {"steps": [
          {"op": "chunk", "from": "notes", "as": "lines", "strategy": "line", "size": 1},
          {"op": "map", "from": "lines", "as": "m", "instruction": "first word"},
          {"op": "select", "from": "config", "as": "owners", "query": ".owners | length"},
          {"op": "select", "from": "m", "as": "words", "query": "[.[].result] | join(\\",\\")"},
          {"op": "answer", "from": "words"}]}""", Set.of("notes", "config", "big")::contains).planOrThrow();

    RunResult result = new ProgramRunner(env, FIRST_WORD, RunOptions.defaults())
        .run(plan, List.of(), CancelSignal.none(), MapProgress.Listener.none());

    assertThat(result.answerPreview()).isEqualTo("a,b\n,c");
    assertThat(slot("owners")).isEqualTo("2");
  }

  @Test
  void everyFailureReasonIsRecordedInItsPiecesSlotAndTheMapCompletes() throws Exception {
    List<Piece> pieces = new ArrayList<>();
    for (SubcallException.Reason reason : SubcallException.Reason.values()) {
      pieces.add(new Piece(reason.name(), "x"));
    }
    pieces.add(new Piece("BUG", "x"));
    pieces.add(new Piece("OK", "x"));
    Subcall faulty = (call, cancel) -> {
      if (call.address().equals("OK")) {
        return CanonicalJson.MAPPER.getNodeFactory().textNode("fine");
      }
      if (call.address().equals("BUG")) {
        throw new IllegalStateException("a defect");
      }
      SubcallException.Reason reason = SubcallException.Reason.valueOf(call.address());
      throw new SubcallException(reason, "stub said " + reason);
    };
    Plan plan = ProgramCompiler.compileText("""
        {"steps": [{"op": "map", "from": "input", "as": "m", "instruction": "x"},
                   {"op": "reduce", "from": "m", "as": "r", "query": "[.[] | select(.error) | .error.reason]"},
                   {"op": "answer", "from": "r"}]}""", n -> false).planOrThrow();

    RunResult result = new ProgramRunner(env, faulty, RunOptions.defaults().withMaxConcurrent(3))
        .run(plan, pieces, CancelSignal.none(), MapProgress.Listener.none());

    assertThat(result.ok()).isTrue();
    assertThat(result.subcalls()).isEqualTo(pieces.size());
    assertThat(result.failed()).isEqualTo(pieces.size() - 1);
    List<String> reasons = new ArrayList<>();
    CanonicalJson.parse(result.answerPreview()).forEach(n -> reasons.add(n.asText()));
    List<String> expected = new ArrayList<>();
    for (SubcallException.Reason reason : SubcallException.Reason.values()) {
      expected.add(reason.name());
    }
    expected.add("INTERNAL");
    assertThat(reasons).containsExactlyInAnyOrderElementsOf(expected);
    JsonNode timeout = CanonicalJson.parse(slot("m/" + pieces.stream().map(Piece::address).sorted(AddressOrder.INSTANCE)
        .toList().indexOf("TIMEOUT")));
    assertThat(timeout.at("/error/reason").asText()).isEqualTo("TIMEOUT");
    assertThat(timeout.at("/error/message").asText()).isEqualTo("stub said TIMEOUT");
  }

  @Test
  void maxSubcallsIsExactUnderConcurrencyAndVisitsTheFirstPiecesInAddressOrder() throws Exception {
    List<Piece> pieces = new ArrayList<>();
    for (int i = 19; i >= 0; i--) {
      pieces.add(new Piece("doc#" + i, "text " + i));
    }
    List<String> called = new CopyOnWriteArrayList<>();
    Subcall recording = (call, cancel) -> {
      called.add(call.address());
      return CanonicalJson.MAPPER.nullNode();
    };
    Plan plan = ProgramCompiler.compileText("""
        {"steps": [{"op": "map", "from": "input", "as": "m", "instruction": "x", "maxSubcalls": 7},
                   {"op": "answer", "from": "m"}]}""", n -> false).planOrThrow();

    RunResult result = new ProgramRunner(env, recording, RunOptions.defaults().withMaxConcurrent(4))
        .run(plan, pieces, CancelSignal.none(), MapProgress.Listener.none());

    assertThat(called).containsExactlyInAnyOrder("doc#0", "doc#1", "doc#2", "doc#3", "doc#4", "doc#5", "doc#6");
    assertThat(result.subcalls()).isEqualTo(7);
    assertThat(result.unvisited()).isEqualTo(13);

    called.clear();
    RunResult overridden = new ProgramRunner(env, recording, RunOptions.defaults().withMaxSubcalls(3))
        .run(plan, pieces, CancelSignal.none(), MapProgress.Listener.none());
    assertThat(called).containsExactlyInAnyOrder("doc#0", "doc#1", "doc#2");
    assertThat(overridden.unvisited()).isEqualTo(17);
  }

  @Test
  void progressReachesDoneOfTotal() throws Exception {
    List<MapProgress> seen = new CopyOnWriteArrayList<>();
    Plan plan = ProgramCompiler.compileText(PROGRAM, n -> false).planOrThrow();

    new ProgramRunner(env, FIRST_WORD, RunOptions.defaults()).run(plan, records(), CancelSignal.none(), seen::add);

    assertThat(seen).hasSize(2).anySatisfy(p -> {
      assertThat(p.done()).isEqualTo(2);
      assertThat(p.total()).isEqualTo(2);
    });
  }

  @Test
  void aLongAnswerIsPreviewedAndReadInBoundedWindows() throws Exception {
    env.put("big", "y".repeat(RunResult.PREVIEW_CHARS + 10));
    Plan plan = ProgramCompiler.compileText("""
        {"steps": [{"op": "answer", "from": "big"}]}""", Set.of("notes", "config", "big")::contains).planOrThrow();

    RunResult result = new ProgramRunner(env, FIRST_WORD, RunOptions.defaults())
        .run(plan, List.of(), CancelSignal.none(), MapProgress.Listener.none());

    assertThat(result.truncated()).isTrue();
    assertThat(result.answerPreview()).hasSize(RunResult.PREVIEW_CHARS);
    assertThat(result.answerChars()).isEqualTo(RunResult.PREVIEW_CHARS + 10);
    assertThat(result.readAnswer(RunResult.PREVIEW_CHARS, 100)).isEqualTo("y".repeat(10));
    assertThatThrownBy(() -> result.readAnswer(0, RunResult.MAX_READ_CHARS + 1))
        .hasMessage("chars must be between 1 and 65536, got: 65537");
  }

  @Test
  void aJqQueryThatFailsOnItsInputNamesTheStep() throws Exception {
    Plan plan = ProgramCompiler.compileText("""
        {"steps": [{"op": "map", "from": "input", "as": "m", "instruction": "x"},
                   {"op": "reduce", "from": "m", "as": "r", "query": ".[0].result + 1"},
                   {"op": "answer", "from": "r"}]}""", n -> false).planOrThrow();
    AtomicInteger none = new AtomicInteger();

    assertThatThrownBy(() -> new ProgramRunner(env, FIRST_WORD, RunOptions.defaults())
        .run(plan, List.of(new Piece("a", "word")), CancelSignal.none(), p -> none.incrementAndGet()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("step 1's jq query '.[0].result + 1' failed on its input: ");
  }

  @Test
  void finishRunsWhatFollowsAMapThatRanElsewhere() throws Exception {
    Plan plan = ProgramCompiler.compileText(PROGRAM, n -> false).planOrThrow();
    List<JsonNode> results = List.of(
        CanonicalJson.parse("{\"address\": \"r1#line:1/0\", \"result\": \"auth\"}"),
        CanonicalJson.parse("{\"address\": \"r2#line:1/0\","
            + " \"error\": {\"reason\": \"TIMEOUT\", \"message\": \"t\"}}"));

    RunResult result = new ProgramRunner(env, FIRST_WORD, RunOptions.defaults())
        .finish(plan, new ProgramRunner.MapResults(results, 1, 1, 3, 0), CancelSignal.none());

    assertThat(result.ok()).isTrue();
    assertThat(CanonicalJson.parse(result.answerPreview())).hasToString("[null,\"auth\"]");
    assertThat(result.steps()).extracting(RunResult.StepReport::op).containsExactly("map", "reduce", "answer");
    assertThat(result.subcalls()).isEqualTo(1);
    assertThat(result.failed()).isEqualTo(1);
    assertThat(result.unvisited()).isEqualTo(3);
    assertThat(slot("why/1")).contains("TIMEOUT");
  }
}
