package dev.weft.agents.recursive;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

class DepthTest {
  @Test
  void theDefaultIsOneLevelWhoseSubcallsArePlain() {
    Depth depth = Depth.defaults();

    assertThat(depth.max()).isEqualTo(1);
    assertThat(depth.clamped()).isFalse();
    assertThat(depth.recursesAt(1)).isFalse();
  }

  @Test
  void moreThanThreeRunsThreeAndSaysSo() {
    Depth depth = Depth.resolve(5);

    assertThat(depth.max()).isEqualTo(3);
    assertThat(depth.clamped()).isTrue();
    assertThat(depth.recursesAt(1)).isTrue();
    assertThat(depth.recursesAt(2)).isTrue();
    assertThat(depth.recursesAt(3)).isFalse();
  }

  @Test
  void belowOneIsRefusedInOneLine() {
    assertThatThrownBy(() -> Depth.resolve(0)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("depth must be at least 1, got: 0;");
  }

  @Test
  void aDepthAboveOneIsRefusedOnBeamRunners() {
    assertThatThrownBy(() -> Depth.resolve(2).checkRunner("flink", false))
        .hasMessage("depth 2 runs in process only, got runner flink; pass --runner inprocess, or --depth 1 to run on "
            + "flink");
    Depth.resolve(1).checkRunner("flink", false);
    Depth.resolve(3).checkRunner("inprocess", true);
  }

  @Property
  void resolveClampsAtTheCapAndReportsExactlyWhenItDid(@ForAll @IntRange(min = 1) int asked) {
    Depth depth = Depth.resolve(asked);

    assertThat(depth.max()).isEqualTo(Math.min(asked, Depth.MAX));
    assertThat(depth.clamped()).isEqualTo(asked > Depth.MAX);
  }
}
