package dev.weft.context.env;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.weft.context.store.InMemoryStore;
import java.util.List;
import org.junit.jupiter.api.Test;

/** grep: which slot, the offset, a window; capped hits and windows; refused patterns. */
class EnvGrepTest {
  private final SlotEnvironment env = new SlotEnvironment(new InMemoryStore());

  @Test
  void aHitNamesItsSlotItsOffsetAndAWindowAroundIt() {
    env.put("a", "nothing here");
    env.put("b", "0123456789 deprecatedCall() 0123456789");

    GrepResult result = env.grep("deprecated\\w+", new GrepOptions("", 10, 4));

    assertThat(result).isEqualTo(new GrepResult(List.of(new GrepHit("b", 11, "789 deprecatedCall() 0")), false));
  }

  @Test
  void aMatchAcrossABlockBoundaryIsFound() {
    String text = "x".repeat(EnvLimits.BLOCK_CHARS - 3) + "needle" + "y".repeat(10);
    env.put("big", text);

    GrepResult result = env.grep("needle", new GrepOptions("", 5, 2));

    assertThat(result.hits()).containsExactly(new GrepHit("big", EnvLimits.BLOCK_CHARS - 3, "xxneedleyy"));
  }

  @Test
  void hitsAreCappedAndTheAnswerSaysMoreWereLeftOut() {
    env.put("s", "ab ".repeat(50));

    GrepResult result = env.grep("ab", new GrepOptions("", 3, 0));

    assertThat(result.hits()).extracting(GrepHit::offset).containsExactly(0L, 3L, 6L);
    assertThat(result.truncated()).isTrue();
    assertThat(env.grep("ab", new GrepOptions("", 50, 0)).truncated()).isFalse();
  }

  @Test
  void theScopeLimitsWhichSlotsAreSearched() {
    env.put("src/a", "match");
    env.put("docs/b", "match");

    assertThat(env.grep("match", new GrepOptions("src/", 10, 0)).hits()).extracting(GrepHit::slot)
        .containsExactly("src/a");
  }

  @Test
  void aLongMatchShowsOnlyItsStartInTheWindow() {
    env.put("line", "k".repeat(5000));

    GrepResult result = env.grep("k+", new GrepOptions("", 1, 400));

    assertThat(result.hits().get(0).window()).hasSize(EnvLimits.GREP_MATCH_CHARS + 400);
  }

  @Test
  void capsAreValidated() {
    env.put("s", "x");

    assertThatThrownBy(() -> env.grep("x", new GrepOptions("", 1, 5000)))
        .hasMessage("window must be between 0 and 400, got: 5000");
    assertThatThrownBy(() -> env.grep("x", new GrepOptions("", 0, 5)))
        .hasMessage("maxHits must be between 1 and 100, got: 0");
    assertThatThrownBy(() -> env.grep("x", new GrepOptions("", 101, 5)))
        .hasMessage("maxHits must be between 1 and 100, got: 101");
    assertThatThrownBy(() -> env.grep("x", new GrepOptions(null, 1, 5)))
        .hasMessage("a grep scope must be given, got: null");
    assertThatThrownBy(() -> env.grep("x".repeat(1001), new GrepOptions("", 1, 5)))
        .hasMessageStartingWith("a grep pattern must be at most 1000 chars, got: 1001");
  }

  @Test
  void aPatternThatDoesNotCompileIsRefusedWithTheRegexError() {
    env.put("s", "x");

    assertThatThrownBy(() -> env.grep("foo(", new GrepOptions("", 1, 5)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("grep pattern 'foo(' is not a Java regex: Unclosed group at index 4");
  }

  @Test
  void aCatastrophicPatternRunsOutOfItsBudgetInsteadOfRunningForHours() {
    // the JDK cuts simple nests such as (a+)+b short, but not this one: 2^60 ways to split 60 a's; the budget
    // stops it after a bounded number of char reads (unbudgeted, 30 a's already take minutes)
    env.put("s", "a".repeat(60));

    assertThatThrownBy(() -> env.grep("((a+)+)+b", new GrepOptions("", 1, 5)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("needed more than " + Grep.budget(60) + " character reads")
        .hasMessageContaining("it backtracks catastrophically");
  }
}
