package dev.weft.agents.loop;

import java.security.SecureRandom;
import java.time.Clock;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.HexFormat;

/**
 * The name of one agent run in the ledger: its saved transcript ({@link RunSlots}), its archived rounds and its
 * transcript slot are all named after it ({@code agent/RUN/...}), so a resumed run finds them again. 1 to 64 of
 * {@code a-z A-Z 0-9 . _ -}: a slot-name segment, never a path.
 */
public final class RunId {
  private static final String PATTERN = "[A-Za-z0-9._-]{1,64}";
  private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss")
      .withZone(ZoneOffset.UTC);
  private static final SecureRandom RANDOM = new SecureRandom();

  private RunId() {}

  /**
   * {@code runId} when it is a legal run id.
   *
   * @throws IllegalArgumentException naming the rule and the value
   */
  public static String check(String runId) {
    if (runId == null || !runId.matches(PATTERN)) {
      throw new IllegalArgumentException("a run id must be 1 to 64 of a-z, A-Z, 0-9, '.', '_' and '-', got: "
          + (runId == null ? "null" : "'" + runId + "'"));
    }
    return runId;
  }

  /**
   * A new run id: the UTC time to the second and four random bytes ({@code 20260101T120000-1a2b3c4d}), so ids sort
   * by start and two runs started in one second do not collide.
   */
  public static String generate(Clock clock) {
    byte[] bytes = new byte[4];
    RANDOM.nextBytes(bytes);
    return STAMP.format(clock.instant()) + "-" + HexFormat.of().formatHex(bytes);
  }
}
