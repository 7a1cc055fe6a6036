package dev.weft.transforms.beam;

import static org.assertj.core.api.Assertions.assertThat;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/** The split of K calls in flight over G groups: every group gets a share, the shares add up to K, none is uneven. */
class AskGroupFnPropertyTest {
  @Property
  void theSharesOfKOverGGroupsAddUpToKAndDifferByAtMostOne(@ForAll @IntRange(min = 1, max = 64) int k,
      @ForAll @IntRange(min = 1, max = 64) int g) {
    int groups = Math.min(k, g);
    int sum = 0;
    int least = Integer.MAX_VALUE;
    int most = 0;
    for (int i = 0; i < groups; i++) {
      int share = AskGroupFn.share(k, groups, i);
      sum += share;
      least = Math.min(least, share);
      most = Math.max(most, share);
    }
    assertThat(sum).isEqualTo(k);
    assertThat(least).isGreaterThanOrEqualTo(1);
    assertThat(most - least).isLessThanOrEqualTo(1);
    assertThat(AskGroupFn.share(k, groups, 0)).as("the first group's share is the largest").isEqualTo(most);
  }
}
