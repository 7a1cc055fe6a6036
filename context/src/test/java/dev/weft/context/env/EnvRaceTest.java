package dev.weft.context.env;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import dev.weft.context.error.ExitStatus;
import dev.weft.context.error.WeftException;
import dev.weft.context.store.FilterStore;
import dev.weft.context.store.InMemoryStore;
import dev.weft.context.store.Mutation;
import dev.weft.context.store.Scope;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * Another writer landing between a write's plan and its mutate, or under a read, driven deterministically by a
 * store that runs the other write at that moment.
 */
class EnvRaceTest {
  private final InMemoryStore store = new InMemoryStore();
  /** The other writer: straight on the store, unhooked. */
  private final SlotEnvironment other = new SlotEnvironment(store);

  /** A store that runs {@code before} once, just before the first mutate. */
  private SlotEnvironment hookedBeforeMutate(Runnable before) {
    return new SlotEnvironment(new FilterStore(store) {
      private boolean ran;

      @Override
      public <R> R mutate(Scope scope, Mutation<R> mutation) {
        if (!ran) {
          ran = true;
          before.run();
        }
        return in.mutate(scope, mutation);
      }
    });
  }

  @Test
  void aChunkingPlannedFromContentPutAgainMeanwhileIsPlannedAgainFromTheNewContent() {
    other.put("doc", "aaaa");
    SlotEnvironment env = hookedBeforeMutate(() -> other.put("doc", "bbbbbbbb"));

    Chunked chunked = env.chunk("doc", new ChunkSpec(ChunkSpec.Strategy.SIZE, 2, Optional.empty()));

    assertThat(chunked.pieces()).isEqualTo(4);
    assertThat(env.read("doc#size:2/3", 2, 0)).isEqualTo("bb");
  }

  @Test
  void anAppendPlannedBeforeAnotherAppendLandsAfterIt() {
    other.appendTurn("chat", "user", "one");
    SlotEnvironment env = hookedBeforeMutate(() -> other.appendTurn("chat", "user", "two"));

    String address = env.appendTurn("chat", "assistant", "three");

    assertThat(address).isEqualTo("chat#turn/3");
    assertThat(env.read("chat", 100, 0)).isEqualTo("user: one\nuser: two\nassistant: three\n");
    assertThat(env.read("chat#turn/2", 100, 0)).isEqualTo("user: two");
  }

  @Test
  void aReadThatRacesAPutOfItsSlotFailsRatherThanMixTwoContents() {
    other.put("doc", "old content");
    boolean[] ran = {false};
    SlotEnvironment env = new SlotEnvironment(new FilterStore(store) {
      @Override
      public Optional<JsonNode> get(String key) {
        if (key.startsWith(EnvKeys.DATA) && !ran[0]) {
          ran[0] = true;
          other.put("doc", "new content");
        }
        return in.get(key);
      }
    });

    assertThatThrownBy(() -> env.read("doc", 3, 0)).isInstanceOf(WeftException.class)
        .hasMessageStartingWith("slot 'doc' was put again while it was being read")
        .extracting(e -> ((WeftException) e).status()).isEqualTo(ExitStatus.BUSY);
    assertThat(env.read("doc", 3, 0)).isEqualTo("new");
  }
}
