package dev.weft.agents.recursive;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.weft.context.env.ChunkSpec;
import dev.weft.context.env.GrepOptions;
import dev.weft.context.env.SlotEnvironment;
import dev.weft.context.env.SlotNotFoundException;
import dev.weft.context.env.SlotStat;
import dev.weft.context.store.InMemoryStore;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ScopedEnvironmentTest {
  private final SlotEnvironment root = new SlotEnvironment(new InMemoryStore());
  private final ScopedEnvironment a = new ScopedEnvironment(root, "child/2/a/");
  private final ScopedEnvironment b = new ScopedEnvironment(root, "child/2/b/");

  @Test
  void namesGoInPrefixedAndComeOutStripped() {
    a.put("corpus", "one two\nthree\n");

    assertThat(root.stat("child/2/a/corpus").chars()).isEqualTo(14);
    assertThat(a.stat("corpus").name()).isEqualTo("corpus");
    assertThat(a.peek("corpus").name()).isEqualTo("corpus");
    assertThat(a.chunk("corpus", new ChunkSpec(ChunkSpec.Strategy.LINE, 1, Optional.empty())).firstAddresses())
        .containsExactly("corpus#line:1/0", "corpus#line:1/1");
    assertThat(a.pieces("corpus")).containsExactly("corpus#line:1/0", "corpus#line:1/1");
    assertThat(a.read("corpus#line:1/1", 10, 0)).isEqualTo("three\n");
    assertThat(a.digest().slots()).extracting(SlotStat::name).containsExactly("corpus");
    assertThat(a.grep("three", new GrepOptions("", 5, 3)).hits()).extracting(h -> h.slot()).containsExactly("corpus");
    assertThat(a.appendTurn("talk", "user", "hi")).isEqualTo("talk#turn/1");
  }

  @Test
  void aSelectResultIsReadByTheNameItAnswersInsideTheScope() {
    a.put("data", "{\"n\": 2}");

    String result = a.select("data", ".n + 1");

    assertThat(a.read(result, 10, 0)).isEqualTo("3\n");
    assertThat(b.digest().slots()).isEmpty();
  }

  @Test
  void aSiblingsRealAddressResolvesBeneathTheChildSoItIsUnreachable() {
    b.put("secret", "the sibling's piece");

    assertThatThrownBy(() -> a.read("child/2/b/secret", 10, 0)).isInstanceOf(SlotNotFoundException.class);
    assertThatThrownBy(() -> a.stat("../b/secret")).isInstanceOf(SlotNotFoundException.class);
    assertThat(a.grep("sibling", new GrepOptions("", 5, 3)).hits()).isEmpty();
    assertThat(a.digest().slots()).isEmpty();
    a.put("child/2/b/secret", "mine");
    assertThat(b.read("secret", 100, 0)).isEqualTo("the sibling's piece");
  }

  @Test
  void aBlankNameIsRefusedBeforeThePrefixWouldMakeItLegal() {
    assertThatThrownBy(() -> a.put(" ", "x")).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("a slot name must not be blank, got: ' '");
    assertThat(root.digest().slots()).isEmpty();
  }

  @Test
  void aPrefixMustEndWithASlashAndHoldNoHash() {
    assertThatThrownBy(() -> new ScopedEnvironment(root, "child/2/a"))
        .hasMessage("a scope prefix must be non-blank, end with '/' and hold no '#', got: 'child/2/a'");
    assertThatThrownBy(() -> new ScopedEnvironment(root, "a#b/")).isInstanceOf(IllegalArgumentException.class);
  }
}
