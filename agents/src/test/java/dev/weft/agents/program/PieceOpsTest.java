package dev.weft.agents.program;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.weft.context.env.ChunkSpec;
import java.util.List;
import org.junit.jupiter.api.Test;

class PieceOpsTest {
  private static List<String> cut(ChunkSpec.Strategy strategy, int size, String separator, String text) {
    return PieceOps.chunk(new Step.Chunk(0, "input", "c", strategy, size, separator), new Piece("r", text))
        .stream().map(p -> p.address() + "=" + p.text()).toList();
  }

  @Test
  void linesKeepTheirNewlineAndAddressesCountFromZero() {
    assertThat(cut(ChunkSpec.Strategy.LINE, 2, "", "a\nb\nc")).containsExactly("r#line:2/0=a\nb\n", "r#line:2/1=c");
  }

  @Test
  void sizeNeverSplitsASurrogatePair() {
    assertThat(cut(ChunkSpec.Strategy.SIZE, 2, "", "a\uD83D\uDE00b"))
        .containsExactly("r#size:2/0=a", "r#size:2/1=\uD83D\uDE00", "r#size:2/2=b");
  }

  @Test
  void separatorDropsTheSeparatorAndEmptyStretchesAndCutsLongOnesBySize() {
    assertThat(cut(ChunkSpec.Strategy.SEPARATOR, 3, "--", "ab----abcdef--"))
        .containsExactly("r#separator:3/0=ab", "r#separator:3/1=abc", "r#separator:3/2=def");
  }

  @Test
  void grepKeepsMatchingPiecesAndRefusesARunawayPattern() {
    Step.Grep grep = new Step.Grep(1, "c", "g", "OLD", true);
    assertThat(PieceOps.apply(grep, new Piece("a", "calls old()"))).hasSize(1);
    assertThat(PieceOps.apply(grep, new Piece("b", "calls new()"))).isEmpty();

    Step.Grep runaway = new Step.Grep(2, "c", "g", "((a+)+)+c", false);
    assertThatThrownBy(() -> PieceOps.matches(runaway, new Piece("x", "a".repeat(40))))
        .hasMessageStartingWith("grep pattern '((a+)+)+c' (step 2) backtracks too much on piece x");
  }
}
