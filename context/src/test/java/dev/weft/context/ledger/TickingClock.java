package dev.weft.context.ledger;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;

/** A clock one second later at every reading, so recency in tests is the order of writes. */
final class TickingClock extends Clock {
  private Instant now = Instant.parse("2026-01-01T00:00:00Z");

  @Override
  public synchronized Instant instant() {
    now = now.plusSeconds(1);
    return now;
  }

  @Override
  public ZoneId getZone() {
    return ZoneOffset.UTC;
  }

  @Override
  public Clock withZone(ZoneId zone) {
    return this;
  }
}
