package dev.weft.models.http;

import java.time.Duration;

/** Waits between retries; injectable so tests see the waits without sleeping. */
@FunctionalInterface
public interface Sleeper {
  Sleeper SYSTEM = duration -> Thread.sleep(duration.toMillis());

  void sleep(Duration duration) throws InterruptedException;
}
