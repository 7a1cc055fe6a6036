package dev.weft.agents.program;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import dev.weft.context.env.SlotEnvironment;
import dev.weft.context.program.CancelSignal;
import dev.weft.context.program.Subcall;
import dev.weft.context.store.InMemoryStore;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** AI0208 at compile time (a reduce that cannot keep {slot, value} envelopes), AI0209 at run time. */
class EnvelopeRuleTest {
  private static final Subcall WORD = (call, cancel) -> CanonicalJson.MAPPER.getNodeFactory().textNode(call.piece());

  private static String program(String query, String output) {
    return """
        {"steps": [{"op": "map", "from": "input", "as": "m", "instruction": "x"},
                   {"op": "reduce", "from": "m", "as": "r", "query": %s%s},
                   {"op": "answer", "from": "r"}]}""".formatted(CanonicalJson.MAPPER.getNodeFactory().textNode(query),
        output.isEmpty() ? "" : ", \"output\": " + output);
  }

  private static Compilation envelopes(String query, String output) {
    return ProgramCompiler.compileText(program(query, output), name -> false, true);
  }

  private static final String REQUIRES_ENVELOPES = """
      {"type": "array", "items": {"type": "object", "required": ["slot", "value"],
                                  "properties": {"slot": {"type": "string"}}}}""";

  @Test
  void aReduceThatKeepsTheEnvelopeCompiles() {
    assertThat(envelopes("map({slot: .address, value: .result})", "").ok()).isTrue();
    assertThat(envelopes("[.[] | .result | arrays | .[]]", "").ok()).isTrue();
  }

  @Test
  void aReduceThatTurnsResultsIntoOtherValuesIsAi0208AtTheReduce() {
    for (String query : List.of("length", "[.[] | .result]", "map(.address)", "{slot: 1, value: 2}")) {
      Compilation refused = envelopes(query, "");

      assertThat(refused.ok()).as(query).isFalse();
      assertThat(refused.errors()).as(query).extracting(CompileError::code, CompileError::pointer)
          .containsExactly(tuple(ErrorCode.AI0208, "/steps/1"));
    }
    // Outside a child level the same programs are fine: any JSON may be an answer.
    assertThat(ProgramCompiler.compileText(program("length", ""), name -> false).ok()).isTrue();
  }

  @Test
  void aQueryTheProbeCannotJudgeNeedsADeclaredOutputThatRequiresEnvelopes() {
    String dataDependent = "[.[] | select(.result.keep) | {slot: .address, value: .result}]";

    assertThat(envelopes(dataDependent, "").errors()).extracting(CompileError::code).containsExactly(ErrorCode.AI0208);
    assertThat(envelopes(dataDependent, "").errors().get(0).message()).contains("declare an \"output\" schema");
    assertThat(envelopes(dataDependent, "{\"type\": \"array\"}").ok()).isFalse();
    assertThat(envelopes(dataDependent, REQUIRES_ENVELOPES).ok()).isTrue();
  }

  @Test
  void aChildProgramMustAnswerAReduce() {
    Compilation refused = ProgramCompiler.compileText("""
        {"steps": [{"op": "map", "from": "input", "as": "m", "instruction": "x"},
                   {"op": "answer", "from": "m"}]}""", name -> false, true);

    assertThat(refused.errors()).extracting(CompileError::code, CompileError::pointer)
        .containsExactly(tuple(ErrorCode.AI0208, "/steps/1/from"));
  }

  @Test
  void aReduceWhoseDeclaredOutputLiesIsAi0209AtRunTime() {
    Plan plan = ProgramCompiler.compileText(program("map(.result | length)", "{\"type\": \"array\", \"items\": "
        + "{\"type\": \"string\"}}"), name -> false).planOrThrow();

    assertThatThrownBy(() -> run(plan, 2)).isInstanceOfSatisfying(ReduceOutputException.class, e -> {
      assertThat(e.error().code()).isEqualTo(ErrorCode.AI0209);
      assertThat(e.error().pointer()).isEqualTo("/steps/1/output");
      assertThat(e.getMessage()).startsWith("AI0209 /steps/1/output: reduce 'r' produced a value its declared output "
          + "schema refuses: at /0 (rule 'type'):");
    });
  }

  @Test
  void aReduceThatPassedTheProbeButBreaksEnvelopesOnRealResultsIsAi0209() throws Exception {
    // The probes hold at most two results; on three this query stops keeping the envelope.
    Plan plan = envelopes("if length > 2 then map(.result) else map({slot: .address, value: .result}) end", "")
        .planOrThrow();

    assertThat(run(plan, 2).ok()).isTrue();
    assertThatThrownBy(() -> run(plan, 3)).isInstanceOfSatisfying(ReduceOutputException.class,
        e -> assertThat(e.getMessage()).isEqualTo("AI0209 /steps/1: reduce 'r' produced a array where a child level "
            + "answers {slot, value} envelopes; keep the envelope, e.g. map({slot: .address, value: .result})"));
  }

  private static RunResult run(Plan plan, int pieces) throws InterruptedException {
    List<Piece> input = IntStream.range(0, pieces).mapToObj(i -> new Piece("p" + i, "w" + i))
        .toList();
    return new ProgramRunner(new SlotEnvironment(new InMemoryStore()), WORD, RunOptions.defaults())
        .run(plan, input, CancelSignal.none(), MapProgress.Listener.none());
  }
}
