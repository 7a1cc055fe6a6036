package dev.weft.context.env;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.context.store.InMemoryStore;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;

/**
 * Reads and pieces are exact whatever the text and wherever block boundaries fall: blocks of a few chars make
 * short texts cross many of them (surrogate pairs, multi-byte chars and newlines included).
 */
class EnvPropertyTest {
  private static final String[] UNITS = {"a", "b", "\n", "é", "中", "😀", "--", " "};

  @Provide
  Arbitrary<String> texts() {
    return Arbitraries.of(UNITS).list().ofMaxSize(60).map(units -> String.join("", units));
  }

  private static SlotEnvironment env(int blockChars) {
    return new SlotEnvironment(new InMemoryStore(), JqSelect::run, blockChars);
  }

  @Property(tries = 300)
  void readAnswersExactlySubstring(@ForAll("texts") String text, @ForAll @IntRange(min = 2, max = 9) int block,
      @ForAll @IntRange(min = 0, max = 200) int offsetSeed, @ForAll @IntRange(min = 0, max = 200) int chars) {
    SlotEnvironment env = env(block);
    env.put("s", text);
    int offset = offsetSeed % (text.length() + 1);

    assertThat(env.read("s", chars, offset))
        .isEqualTo(text.substring(offset, Math.min(text.length(), offset + chars)));
  }

  @Property(tries = 200)
  void lineAndSizePiecesPutTogetherAreTheText(@ForAll("texts") String text,
      @ForAll @IntRange(min = 2, max = 9) int block, @ForAll @IntRange(min = 1, max = 7) int size,
      @ForAll boolean byLine) {
    SlotEnvironment env = env(block);
    env.put("s", text);
    ChunkSpec spec = new ChunkSpec(byLine ? ChunkSpec.Strategy.LINE : ChunkSpec.Strategy.SIZE, size,
        Optional.empty());

    Chunked chunked = env.chunk("s", spec);

    StringBuilder joined = new StringBuilder();
    for (String piece : env.pieces("s")) {
      String read = env.read(piece, EnvLimits.MAX_READ_CHARS, 0);
      assertThat(env.stat(piece).chars()).isEqualTo(read.length());
      joined.append(read);
    }
    assertThat(joined.toString()).isEqualTo(text);
    assertThat(env.pieces("s")).hasSize(chunked.pieces());
    assertThat(env.stat("s#").chars()).isEqualTo(text.length());
  }

  @Property(tries = 200)
  void separatorPiecesAreTheNonEmptyStretchesCutToSize(@ForAll("texts") String text,
      @ForAll @IntRange(min = 2, max = 9) int block, @ForAll @IntRange(min = 1, max = 7) int size) {
    SlotEnvironment env = env(block);
    env.put("s", text);

    env.chunk("s", new ChunkSpec(ChunkSpec.Strategy.SEPARATOR, size, Optional.of("--")));

    List<String> pieces = env.pieces("s").stream().map(p -> env.read(p, EnvLimits.MAX_READ_CHARS, 0)).toList();
    assertThat(pieces).allSatisfy(p -> assertThat(p).isNotEmpty().doesNotContain("--"));
    assertThat(String.join("", pieces)).isEqualTo(String.join("", Arrays.asList(text.split("--"))));
    // a piece is at most size chars, or size - 1 where the cut would split a surrogate pair (or size 1 on one)
    assertThat(pieces).allSatisfy(p -> assertThat(p.length()).isLessThanOrEqualTo(Math.max(size, 2)));
  }

  @Property(tries = 100)
  void transcriptTurnsReadBackExactly(@ForAll("turns") List<String> turns,
      @ForAll @IntRange(min = 2, max = 9) int block) {
    SlotEnvironment env = env(block);
    List<String> addresses = new ArrayList<>();
    StringBuilder whole = new StringBuilder();
    for (String turn : turns) {
      addresses.add(env.appendTurn("chat", "user", turn));
      whole.append("user: ").append(turn).append('\n');
    }

    for (int i = 0; i < turns.size(); i++) {
      assertThat(env.read(addresses.get(i), EnvLimits.MAX_READ_CHARS, 0)).isEqualTo("user: " + turns.get(i));
    }
    assertThat(env.read("chat", EnvLimits.MAX_READ_CHARS, 0)).isEqualTo(whole.toString());
    assertThat(env.stat("chat").lines()).isEqualTo(whole.toString().split("\n", -1).length - 1);
  }

  @Provide
  Arbitrary<List<String>> turns() {
    return texts().list().ofMinSize(1).ofMaxSize(8);
  }
}
