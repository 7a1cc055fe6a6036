package dev.weft.context.env;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.weft.context.store.FilterStore;
import dev.weft.context.store.InMemoryStore;
import dev.weft.context.store.Mutation;
import dev.weft.context.store.Scope;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** A transcript slot: a conversation as addressable turns, each append one write. */
class TranscriptTest {
  private final InMemoryStore store = new InMemoryStore();
  private final SlotEnvironment env = new SlotEnvironment(store);

  @Test
  void turnsAreAddressedFromOneAndReadLikeSlots() {
    assertThat(env.appendTurn("chat", "user", "which modules call old()?")).isEqualTo("chat#turn/1");
    assertThat(env.appendTurn("chat", "assistant", "a and b")).isEqualTo("chat#turn/2");

    assertThat(env.read("chat#turn/2", 100, 0)).isEqualTo("assistant: a and b");
    assertThat(env.pieces("chat")).containsExactly("chat#turn/1", "chat#turn/2");
    assertThat(env.stat("chat#turn/1")).isEqualTo(new SlotStat("chat#turn/1", 31, 31, 1, 0, false));
  }

  @Test
  void aTranscriptsStatAndPeekWorkOnTheWholeConversation() {
    env.appendTurn("chat", "user", "hi");
    env.appendTurn("chat", "assistant", "hello\nthere");

    assertThat(env.peek("chat")).isEqualTo(new Peek("chat", "user: hi\nassistant: hello\nthere\n", 32, false));
    assertThat(env.stat("chat")).isEqualTo(new SlotStat("chat", 32, 32, 3, 2, false));
    assertThat(env.stat("chat#turn")).isEqualTo(new SlotStat("chat#turn", 30, 30, 3, 2, true));
    assertThat(env.digest().slots()).extracting(SlotStat::name).containsExactly("chat");
  }

  @Test
  void appendsGrowPastABlockAndEveryTurnStaysExact() {
    String longTurn = "w".repeat(EnvLimits.BLOCK_CHARS + 10);
    env.appendTurn("chat", "user", "short");
    env.appendTurn("chat", "tool", longTurn);
    env.appendTurn("chat", "assistant", "done");

    assertThat(env.read("chat#turn/2", EnvLimits.MAX_READ_CHARS, 0)).isEqualTo("tool: " + longTurn);
    assertThat(env.read("chat#turn/3", 100, 0)).isEqualTo("assistant: done");
    assertThat(env.read("chat", 20, 0)).isEqualTo("user: short\ntool: ww");
    assertThat(env.grep("done", new GrepOptions("", 5, 0)).hits())
        .containsExactly(new GrepHit("chat", 12 + 6 + longTurn.length() + 1 + 11, "done"));
  }

  @Test
  void eachAppendIsOneWriteThatReadsOnlyTheLastBlock() {
    env.appendTurn("chat", "user", "x".repeat(3 * EnvLimits.BLOCK_CHARS));
    int[] covered = {0};
    SlotEnvironment watched = new SlotEnvironment(new FilterStore(store) {
      @Override
      public <R> R mutate(Scope scope, Mutation<R> mutation) {
        return in.mutate(scope, current -> {
          covered[0] += current.size();
          return mutation.apply(current);
        });
      }
    });

    watched.appendTurn("chat", "assistant", "ok");

    // the clock, the record and the last block: not the three full blocks before it
    assertThat(covered[0]).isEqualTo(3);
  }

  @Test
  void aTextSlotIsNotATranscriptAndPutReplacesATranscript() {
    env.put("notes", "text");
    env.appendTurn("chat", "user", "hi");

    assertThatThrownBy(() -> env.appendTurn("notes", "user", "hi"))
        .hasMessage("'notes' holds text, not a transcript: append turns to a new name (putting 'notes' again "
            + "replaces it)");
    env.put("chat", "plain");
    assertThat(env.pieces("chat")).isEmpty();
  }

  @Test
  void rolesAreRefusedByTheirRule() {
    assertThatThrownBy(() -> env.appendTurn("chat", "us:er", "x")).hasMessageStartingWith("a turn's role must be");
    assertThatThrownBy(() -> env.appendTurn("chat", " ", "x")).hasMessageStartingWith("a turn's role must be");
    assertThatThrownBy(() -> env.appendTurn("chat", "r".repeat(41), "x"))
        .hasMessageStartingWith("a turn's role must be at most 40 chars, got: 41");
    assertThatThrownBy(() -> env.appendTurn("chat", "user", null))
        .hasMessage("the text of a turn of 'chat' must be given, got: null");
    assertThat(store.keys("")).isEmpty();
  }

  @Test
  void aChunkingOfATranscriptKeepsItsTurns() {
    env.appendTurn("chat", "user", "one");
    env.appendTurn("chat", "user", "two");

    env.chunk("chat", new ChunkSpec(ChunkSpec.Strategy.LINE, 1, Optional.empty()));

    assertThat(env.pieces("chat")).containsExactly("chat#line:1/0", "chat#line:1/1", "chat#turn/1",
        "chat#turn/2");
    assertThat(env.pieces("chat#turn")).containsExactly("chat#turn/1", "chat#turn/2");
    assertThat(env.pieces("chat#line:1")).containsExactly("chat#line:1/0", "chat#line:1/1");
  }
}
