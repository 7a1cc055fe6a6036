package dev.weft.context.jq;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.weft.context.error.ExitStatus;
import dev.weft.context.jq.JqLimitException.Limit;
import dev.weft.context.program.CancelSignal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import net.thisptr.jackson.jq.exception.JsonQueryException;
import org.junit.jupiter.api.Test;

class BoundedJqTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  /** Generous in time so that only the bound under test can stop a query. */
  private static final JqBounds SMALL = JqBounds.DEFAULT.withDeadline(Duration.ofMinutes(5)).withMaxValues(10_000)
      .withMaxSize(100_000).withStackBytes(2L * 1024 * 1024);

  private static List<JsonNode> outputs(String query, String input, JqBounds bounds, CancelSignal cancel)
      throws Exception {
    BoundedJq.Query compiled = BoundedJq.compile(query);
    JsonNode value = JSON.readTree(input);
    return BoundedJq.run("where '" + query + "'", bounds, cancel, jq -> {
      List<JsonNode> out = new ArrayList<>();
      jq.apply(compiled, value, out::add);
      return out;
    });
  }

  private static JqLimitException stopped(String query, JqBounds bounds) {
    Throwable thrown = org.assertj.core.api.Assertions.catchThrowable(
        () -> outputs(query, "null", bounds, CancelSignal.none()));
    assertThat(thrown).isInstanceOf(JqLimitException.class);
    JqLimitException limit = (JqLimitException) thrown;
    assertThat(limit.status()).isEqualTo(ExitStatus.BAD_INPUT);
    assertThat(limit.getMessage()).doesNotContain("\n").startsWith("where '" + query + "'");
    return limit;
  }

  @Test
  void ordinaryQueriesAnswerAsJqDoes() throws Exception {
    assertThat(outputs(".a | map(. * 2) | add", "{\"a\":[1,2,3]}", SMALL, CancelSignal.none()))
        .containsExactly(JSON.readTree("12"));
    assertThat(outputs("[limit(3; range(10))]", "null", SMALL, CancelSignal.none()))
        .containsExactly(JSON.readTree("[0,1,2]"));
    assertThat(outputs("def f: if . < 100 then . + 1 | f else . end; f", "0", SMALL, CancelSignal.none()))
        .containsExactly(JSON.readTree("100"));
    assertThat(outputs("\"ab\" * 3", "null", SMALL, CancelSignal.none())).containsExactly(JSON.readTree("\"ababab\""));
  }

  @Test
  void anEndlessGeneratorEndsAtTheValueBound() {
    JqLimitException limit = stopped("last(range(1e10))", SMALL);
    assertThat(limit.limit()).isEqualTo(Limit.VALUES);
    assertThat(limit.getMessage()).contains("more than 10000 values", "the jq value bound");
  }

  @Test
  void collectingAnEndlessGeneratorEndsAtTheValueBoundNotInMemory() {
    assertThat(stopped("[range(1e9)]", SMALL).limit()).isEqualTo(Limit.VALUES);
  }

  @Test
  void recursionWithoutAnEndIsTheDepthBoundOnItsOwnThread() {
    JqLimitException limit = stopped("def f: f; f", SMALL);
    assertThat(limit.limit()).isEqualTo(Limit.DEPTH);
    assertThat(limit.getMessage()).contains("2048 KiB stack", "the jq depth bound");
  }

  @Test
  void aFanOutWithoutBuiltinsIsCountedToo() {
    // no built-in is called: only the instrumented tree sees these values
    assertThat(stopped("def f($n): if $n == 0 then 1 else (f($n - 1), f($n - 1)) end; [f(40)]", SMALL).limit())
        .isEqualTo(Limit.VALUES);
  }

  @Test
  void aValueGrownByOperatorsEndsAtTheSizeBound() {
    assertThat(stopped("\"x\" * 1e9", SMALL).limit()).isEqualTo(Limit.SIZE);
    assertThat(stopped("\"xxxxxxxxxx\" | . + . | . + . | . + . | . + . | . + . | . + . | . + . | . + . | . + . "
        + "| . + . | . + . | . + . | . + . | . + . | . + . | . + . | . + . | . + . | . + . | . + .", SMALL).limit())
        .isEqualTo(Limit.SIZE);
    assertThat(stopped("[1] | . + . | . + . | . + . | . + . | . + . | . + . | . + . | . + . | . + . | . + . "
        + "| . + . | . + . | . + . | . + . | . + . | . + . | . + . | . + . | . + . | . + .", SMALL).limit())
        .isEqualTo(Limit.SIZE);
  }

  @Test
  void jqsTryCannotSwallowAStop() {
    assertThat(stopped("try last(range(1e10)) catch 0", SMALL).limit()).isEqualTo(Limit.VALUES);
    assertThat(stopped("[range(1e10)]?", SMALL).limit()).isEqualTo(Limit.VALUES);
  }

  @Test
  void theDeadlineEndsAnEvaluationThatNoOtherBoundStops() {
    JqBounds bounds = SMALL.withDeadline(Duration.ofMillis(50)).withMaxValues(Long.MAX_VALUE);
    JqLimitException limit = stopped("last(range(1e15))", bounds);
    assertThat(limit.limit()).isEqualTo(Limit.DEADLINE);
    assertThat(limit.getMessage()).contains("deadline of 50 ms", "the jq time bound");
  }

  @Test
  void aCancelStopsARunningEvaluationAndItsThread() throws Exception {
    CancelSignal cancel = new CancelSignal();
    CountDownLatch running = new CountDownLatch(1);
    JqBounds unbounded = SMALL.withMaxValues(Long.MAX_VALUE);
    BoundedJq.Query query = BoundedJq.compile("last(range(1e15))");
    Thread canceller = new Thread(() -> {
      try {
        running.await();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      cancel.cancel();
    });
    canceller.start();
    assertThatThrownBy(() -> BoundedJq.run("select '.x'", unbounded, cancel, jq -> {
      running.countDown();
      jq.apply(query, JSON.nullNode(), value -> { });
      return null;
    })).isInstanceOfSatisfying(JqLimitException.class, e -> {
      assertThat(e.limit()).isEqualTo(Limit.CANCELLED);
      assertThat(e.getMessage()).isEqualTo("select '.x' was cancelled before it ended");
    });
    canceller.join();
  }

  @Test
  void aQueryThatFailsOnItsInputKeepsJqsMessage() {
    assertThatThrownBy(() -> outputs(".a + 1", "{\"a\":\"x\"}", SMALL, CancelSignal.none()))
        .isInstanceOf(JsonQueryException.class).hasMessageContaining("cannot be added");
  }
}
