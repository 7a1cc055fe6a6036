package dev.weft.models.http;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.Optional;

/**
 * How long to wait before a retry: what the server asked for in {@code Retry-After} (delta-seconds or an
 * HTTP-date, RFC 9110 §10.2.3) or {@code retry-after-ms} (OpenAI's finer hint), else exponential backoff. Both are
 * capped so a server cannot park a worker for an hour. Deterministic (no jitter) so tests can assert the waits.
 *
 * @param initial the first backoff; each further retry doubles it
 * @param maxBackoff the cap of the exponential backoff
 * @param maxServerWait the cap of a wait the server asked for
 */
public record Backoff(Duration initial, Duration maxBackoff, Duration maxServerWait, Clock clock) {
  public static final Backoff DEFAULT =
      new Backoff(Duration.ofMillis(500), Duration.ofSeconds(30), Duration.ofSeconds(60), Clock.systemUTC());

  /**
   * The wait before retry number {@code retry} (0 for the first retry).
   *
   * @param retryAfter the response's {@code Retry-After} header, if any
   * @param retryAfterMs the response's {@code retry-after-ms} header, if any
   */
  public Duration waitBefore(int retry, Optional<String> retryAfter, Optional<String> retryAfterMs) {
    Optional<Duration> asked = retryAfterMs.flatMap(Backoff::parseMillis).or(() -> retryAfter.flatMap(this::parse));
    if (asked.isPresent()) {
      return min(asked.get(), maxServerWait);
    }
    Duration backoff = initial.multipliedBy(1L << Math.min(retry, 30));
    return min(backoff, maxBackoff);
  }

  /** The client's own waits before the first {@code retries} retries, summed: its backoff schedule. */
  public Duration schedule(int retries) {
    Duration total = Duration.ZERO;
    for (int n = 0; n < retries; n++) {
      total = total.plus(waitBefore(n, Optional.empty(), Optional.empty()));
    }
    return total;
  }

  /** A {@code Retry-After} value as a wait from now; empty when it is neither form. */
  public Optional<Duration> parse(String value) {
    String v = value.strip();
    if (v.chars().allMatch(Character::isDigit) && !v.isEmpty()) {
      try {
        return Optional.of(Duration.ofSeconds(Long.parseLong(v)));
      } catch (NumberFormatException e) {
        return Optional.of(maxServerWait); // more digits than a long: "a very long time"
      }
    }
    try {
      Instant at = ZonedDateTime.parse(v, DateTimeFormatter.RFC_1123_DATE_TIME).toInstant();
      Duration wait = Duration.between(clock.instant(), at);
      return Optional.of(wait.isNegative() ? Duration.ZERO : wait);
    } catch (DateTimeParseException e) {
      return Optional.empty();
    }
  }

  private static Optional<Duration> parseMillis(String value) {
    try {
      double millis = Double.parseDouble(value.strip());
      return millis >= 0 && Double.isFinite(millis)
          ? Optional.of(Duration.ofMillis((long) Math.ceil(millis)))
          : Optional.empty();
    } catch (NumberFormatException e) {
      return Optional.empty();
    }
  }

  private static Duration min(Duration a, Duration b) {
    return a.compareTo(b) <= 0 ? a : b;
  }
}
