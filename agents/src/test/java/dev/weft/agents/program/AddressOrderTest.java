package dev.weft.agents.program;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class AddressOrderTest {
  @Test
  void digitRunsCompareAsNumbersAndTiesFallBackToTheText() {
    List<String> addresses = new ArrayList<>(List.of("a#line:40/10", "a#line:40/2", "b", "a#line:40/02",
        "a#line:5/0", "a", "99999999999999999999x", "100000000000000000000x"));
    addresses.sort(AddressOrder.INSTANCE);
    assertThat(addresses).containsExactly("99999999999999999999x", "100000000000000000000x", "a",
        "a#line:5/0", "a#line:40/02", "a#line:40/2", "a#line:40/10", "b");
  }
}
