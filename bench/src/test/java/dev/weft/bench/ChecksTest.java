package dev.weft.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class ChecksTest {
  @Test
  void atLeastNamesTheOptionTheBoundAndTheValue() {
    assertThat(Checks.atLeast("cycles", 1, 1)).isEqualTo(1);
    assertThatThrownBy(() -> Checks.atLeast("cycles", 0, 1))
        .isInstanceOf(IllegalArgumentException.class).hasMessage("cycles must be at least 1, got: 0");
    assertThatThrownBy(() -> Checks.atLeast("files", 1, 2)).hasMessage("files must be at least 2, got: 1");
  }

  @Test
  void aShareIsBetweenZeroAndOneAndNeverNaN() {
    assertThat(Checks.share("kill-rate", 0.0)).isZero();
    assertThat(Checks.share("kill-rate", 1.0)).isEqualTo(1.0);
    assertThatThrownBy(() -> Checks.share("kill-rate", 2)).hasMessage("kill-rate must be between 0 and 1, got: 2.0");
    assertThatThrownBy(() -> Checks.share("kill-rate", -0.1)).hasMessage("kill-rate must be between 0 and 1, got: -0.1");
    assertThatThrownBy(() -> Checks.share("beam-rate", Double.NaN))
        .hasMessage("beam-rate must be between 0 and 1, got: NaN");
  }

  @Test
  void aDeadlineIsPositive() {
    assertThat(Checks.positive("deadline", Duration.ofSeconds(1))).isEqualTo(Duration.ofSeconds(1));
    assertThatThrownBy(() -> Checks.positive("deadline", Duration.ZERO)).hasMessage("deadline must be positive, got: PT0S");
    assertThatThrownBy(() -> Checks.positive("deadline", Duration.ofSeconds(-1)))
        .hasMessage("deadline must be positive, got: PT-1S");
  }
}
