package dev.weft.context.env;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.weft.context.error.ExitStatus;
import dev.weft.context.error.WeftException;
import dev.weft.context.jq.JqBounds;
import dev.weft.context.jq.JqLimitException;
import dev.weft.context.jq.JqLimitException.Limit;
import dev.weft.context.program.CancelSignal;
import dev.weft.context.store.InMemoryStore;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** select: jq over a JSON slot, the result in a new slot, cached by (content digest, query). */
class EnvSelectTest {
  private final InMemoryStore store = new InMemoryStore();
  private final AtomicInteger runs = new AtomicInteger();
  private final SlotEnvironment env = new SlotEnvironment(store, (query, source, json, bounds, cancel) -> {
    runs.incrementAndGet();
    return JqSelect.run(query, source, json, bounds, cancel);
  });

  @Test
  void theResultIsWrittenToANewSlotWhoseAddressIsAnswered() {
    env.put("deps", "{\"modules\": [{\"name\": \"a\", \"old\": true}, {\"name\": \"b\", \"old\": false}]}");

    String address = env.select("deps", ".modules[] | select(.old) | .name");

    assertThat(address).startsWith("select:");
    assertThat(env.read(address, 100, 0)).isEqualTo("\"a\"\n");
  }

  @Test
  void jsonLinesAreSelectedValueByValue() {
    env.put("rows", "{\"n\": 1}\n{\"n\": 2}\n");

    assertThat(env.read(env.select("rows", ".n * 10"), 100, 0)).isEqualTo("10\n20\n");
  }

  @Test
  void aSecondIdenticalSelectAnswersTheSameSlotWithoutRunningJqAgain() {
    env.put("deps", "[1, 2, 3]");
    String first = env.select("deps", "map(. * 2)");

    String second = env.select("deps", "map(. * 2)");

    assertThat(second).isEqualTo(first);
    assertThat(runs.get()).isEqualTo(1);
  }

  @Test
  void theCacheFollowsTheContentNotTheName() {
    env.put("a", "[1, 2]");
    String first = env.select("a", "add");
    env.put("b", "[1, 2]");
    env.put("a", "[5, 5]");

    assertThat(env.select("b", "add")).isEqualTo(first);
    String changed = env.select("a", "add");

    assertThat(changed).isNotEqualTo(first);
    assertThat(env.read(changed, 10, 0)).isEqualTo("10\n");
    assertThat(runs.get()).isEqualTo(2);
  }

  @Test
  void aResultSlotPutOverIsRecomputed() {
    env.put("a", "[1, 2]");
    String address = env.select("a", "add");
    env.put(address, "tampered");

    assertThat(env.select("a", "add")).isEqualTo(address);

    assertThat(env.read(address, 10, 0)).isEqualTo("3\n");
    assertThat(runs.get()).isEqualTo(2);
  }

  @Test
  void aPieceCanBeSelected() {
    env.put("rows", "{\"n\": 1}\n{\"n\": 2}\n");
    env.chunk("rows", new ChunkSpec(ChunkSpec.Strategy.LINE, 1, Optional.empty()));

    assertThat(env.read(env.select("rows#line:1/1", ".n"), 10, 0)).isEqualTo("2\n");
  }

  @Test
  void aHostileSelectEndsAtANamedJqBoundAsBadInput() {
    env.put("deps", "{\"modules\": []}");
    JqBounds small = JqBounds.DEFAULT.withDeadline(Duration.ofMinutes(5)).withMaxValues(10_000)
        .withStackBytes(2L * 1024 * 1024);
    for (String query : List.of("last(range(1e10))", "def f: f; f", "[range(1e9)]")) {
      assertThatThrownBy(() -> env.select("deps", query, small, CancelSignal.none()))
          .isInstanceOfSatisfying(WeftException.class, e -> {
            assertThat(e.status()).isEqualTo(ExitStatus.BAD_INPUT);
            assertThat(e.getMessage()).startsWith("select '" + query + "' over 'deps' ").contains("(the jq ");
          });
    }
    CancelSignal cancel = new CancelSignal();
    cancel.cancel();
    assertThatThrownBy(() -> env.select("deps", "last(range(1e15))", JqBounds.DEFAULT, cancel))
        .isInstanceOfSatisfying(JqLimitException.class, e -> assertThat(e.limit()).isEqualTo(Limit.CANCELLED));
  }

  @Test
  void refusals() {
    env.put("text", "not json");
    env.put("json", "{\"a\": 1}");

    assertThatThrownBy(() -> env.select("json", ".a |||"))
        .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("select query '.a |||' is not jq: ");
    assertThatThrownBy(() -> env.select("text", "."))
        .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("'text' does not hold JSON (");
    assertThatThrownBy(() -> env.select("json", ".a | keys"))
        .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("select failed on 'json': ");
    assertThatThrownBy(() -> env.select("json", ".".repeat(4001)))
        .hasMessageStartingWith("a jq query must be at most 4000 chars, got: 4001");
    assertThatThrownBy(() -> env.select("none", ".")).isInstanceOf(SlotNotFoundException.class);
    assertThat(runs.get()).isEqualTo(2);
  }
}
