package dev.weft.models.http;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class BackoffTest {
  private static final Instant NOW = Instant.parse("2025-06-01T12:00:00Z");
  private final Backoff backoff = new Backoff(Duration.ofMillis(500), Duration.ofSeconds(30),
      Duration.ofSeconds(60), Clock.fixed(NOW, ZoneOffset.UTC));

  private Duration wait(int retry, String retryAfter, String retryAfterMs) {
    return backoff.waitBefore(retry, Optional.ofNullable(retryAfter), Optional.ofNullable(retryAfterMs));
  }

  @Test
  void withoutAHintTheWaitDoublesUpToTheCap() {
    assertThat(wait(0, null, null)).isEqualTo(Duration.ofMillis(500));
    assertThat(wait(1, null, null)).isEqualTo(Duration.ofSeconds(1));
    assertThat(wait(3, null, null)).isEqualTo(Duration.ofSeconds(4));
    assertThat(wait(10, null, null)).isEqualTo(Duration.ofSeconds(30));
    assertThat(wait(1000, null, null)).isEqualTo(Duration.ofSeconds(30));
  }

  @Test
  void retryAfterInSecondsIsHonouredUpToTheCap() {
    assertThat(wait(5, "2", null)).isEqualTo(Duration.ofSeconds(2));
    assertThat(wait(0, "0", null)).isEqualTo(Duration.ZERO);
    assertThat(wait(0, "3600", null)).isEqualTo(Duration.ofSeconds(60));
    assertThat(wait(0, "99999999999999999999999", null)).isEqualTo(Duration.ofSeconds(60));
  }

  @Test
  void retryAfterAsAnHttpDateIsTheTimeUntilThen() {
    assertThat(wait(0, "Sun, 01 Jun 2025 12:00:12 GMT", null)).isEqualTo(Duration.ofSeconds(12));
    assertThat(wait(0, "Sun, 01 Jun 2025 11:00:00 GMT", null)).isEqualTo(Duration.ZERO);
    assertThat(wait(0, "Mon, 02 Jun 2025 12:00:00 GMT", null)).isEqualTo(Duration.ofSeconds(60));
  }

  @Test
  void retryAfterMsWinsAndGarbageFallsBackToBackoff() {
    assertThat(wait(0, "20", "1500")).isEqualTo(Duration.ofMillis(1500));
    assertThat(wait(1, "soon", null)).isEqualTo(Duration.ofSeconds(1));
    assertThat(wait(1, null, "-5")).isEqualTo(Duration.ofSeconds(1));
  }
}
