package dev.weft.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class WholeProcessBenchTest {
  @Test
  void noModeAlwaysRunsRightAfterTheSameOne() {
    // cold, JVM client, native client over the rounds of a --repeat 5 figure, as one sequence of runs
    Set<Integer> beforeNative = new HashSet<>();
    Integer previous = null;
    for (int round = 0; round < 5; round++) {
      List<Integer> order = WholeProcessBench.order(round, 3);
      assertThat(order).containsExactlyInAnyOrder(0, 1, 2);
      for (int mode : order) {
        if (mode == 2 && previous != null) {
          beforeNative.add(previous);
        }
        previous = mode;
      }
    }
    assertThat(beforeNative).hasSizeGreaterThan(1);
  }

  @Test
  void everyModeRunsFirstAndLastInTurn() {
    assertThat(WholeProcessBench.order(0, 3)).containsExactly(0, 1, 2);
    assertThat(WholeProcessBench.order(1, 3)).containsExactly(2, 1, 0);
  }
}
