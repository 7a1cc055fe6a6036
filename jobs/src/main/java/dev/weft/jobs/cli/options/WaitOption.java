package dev.weft.jobs.cli.options;

import java.time.Duration;
import picocli.CommandLine.Option;

/** The {@code --wait SECONDS} option of the commands that take the index's write lock. */
public final class WaitOption {
  @Option(names = "--wait", paramLabel = "SECONDS", defaultValue = "0",
      description = "When another run holds the index's write lock, wait up to this many seconds for it "
          + "(default: ${DEFAULT-VALUE}: refuse at once, exit 3).")
  long seconds;

  public Duration duration() {
    if (seconds < 0) {
      throw new IllegalArgumentException("--wait must be at least 0 seconds, got: " + seconds);
    }
    return Duration.ofSeconds(seconds);
  }
}
