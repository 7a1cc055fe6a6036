package dev.weft.agents.program;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.weft.context.env.SlotEnvironment;
import dev.weft.context.error.ExitStatus;
import dev.weft.context.jq.JqBounds;
import dev.weft.context.jq.JqLimitException;
import dev.weft.context.jq.JqLimitException.Limit;
import dev.weft.context.program.CancelSignal;
import dev.weft.context.store.InMemoryStore;
import java.time.Duration;
import java.util.List;
import java.util.OptionalInt;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** A program's select and reduce run their jq under bounds: a hostile query fails its step by the bound's name. */
class ProgramJqBoundsTest {
  private static final JqBounds SMALL = JqBounds.DEFAULT.withMaxValues(10_000).withStackBytes(2L * 1024 * 1024);

  private final SlotEnvironment env = new SlotEnvironment(new InMemoryStore());

  private static Plan plan(String op, String from, String query) {
    String escaped = query.replace("\"", "\\\"");
    return ProgramCompiler.compileText("""
        {"steps": [
          {"op": "map", "from": "notes", "as": "m", "instruction": "first word"},
          {"op": "%s", "from": "%s", "as": "out", "query": "%s"},
          {"op": "answer", "from": "out"}]}""".formatted(op, from, escaped), Set.of("notes", "config")::contains)
        .planOrThrow();
  }

  private RunResult run(Plan plan, RunOptions options, JqBounds bounds, CancelSignal cancel) throws Exception {
    env.put("notes", "a b");
    env.put("config", "{\"owners\": [\"x\"]}");
    return new ProgramRunner(env, ProgramRunnerTest.FIRST_WORD, options, bounds)
        .run(plan, List.of(), cancel, MapProgress.Listener.none());
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "reduce | m      | last(range(1e10)) | VALUES",
      "reduce | m      | def f: f; f       | DEPTH",
      "reduce | m      | [range(1e9)]      | VALUES",
      "select | m      | last(range(1e10)) | VALUES",
      "select | config | last(range(1e10)) | VALUES",
      "select | config | def f: f; f       | DEPTH",
      "select | config | [range(1e9)]      | VALUES"})
  void aHostileQueryFailsItsStepNamingTheBound(String op, String from, String query, Limit limit) {
    assertThatThrownBy(() -> run(plan(op, from, query), RunOptions.defaults(), SMALL, CancelSignal.none()))
        .isInstanceOfSatisfying(JqLimitException.class, e -> {
          assertThat(e.limit()).isEqualTo(limit);
          assertThat(e.status()).isEqualTo(ExitStatus.BAD_INPUT);
          assertThat(e.getMessage()).contains("'" + query + "'", "(the jq ").doesNotContain("\n");
        });
  }

  @Test
  void aJqStepHonoursTheRunsDeadline() {
    RunOptions options = new RunOptions(1, OptionalInt.empty(), Duration.ofMillis(300));
    JqBounds onlyTime = SMALL.withMaxValues(Long.MAX_VALUE);
    assertThatThrownBy(() -> run(plan("reduce", "m", "last(range(1e15))"), options, onlyTime, CancelSignal.none()))
        .isInstanceOfSatisfying(JqLimitException.class, e -> {
          assertThat(e.limit()).isEqualTo(Limit.DEADLINE);
          assertThat(e.getMessage()).startsWith("step 1's jq query 'last(range(1e15))' ran past its deadline");
        });
  }

  @Test
  void aCancelStopsARunningJqStepAndTheRunEndsNotOk() throws Exception {
    CancelSignal cancel = new CancelSignal();
    Thread canceller = new Thread(() -> {
      // waits for the evaluation thread to exist, so the cancel reaches jq mid-run rather than between steps
      while (Thread.getAllStackTraces().keySet().stream().noneMatch(t -> t.getName().startsWith("weft-jq-"))) {
        Thread.onSpinWait();
      }
      cancel.cancel();
    });
    canceller.start();
    RunResult result = run(plan("reduce", "m", "last(range(1e15))"), RunOptions.defaults(),
        SMALL.withMaxValues(Long.MAX_VALUE), cancel);
    canceller.join();
    assertThat(result.ok()).isFalse();
    assertThat(result.steps()).extracting(RunResult.StepReport::op).containsExactly("map");
  }
}
