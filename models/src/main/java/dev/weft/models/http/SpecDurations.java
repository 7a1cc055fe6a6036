package dev.weft.models.http;

import java.time.Duration;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Durations as model specs write them (an embedder's {@code timeout=10s}, a coming chat client's): a whole number and a unit, {@code 500ms}, {@code 10s}, {@code 2m}. */
public final class SpecDurations {
  private static final Pattern FORM = Pattern.compile("(\\d{1,9})(ms|s|m)");

  private SpecDurations() {}

  /** @throws IllegalArgumentException when {@code text} is not of the form */
  public static Duration parse(String text) {
    Matcher m = FORM.matcher(text.strip().toLowerCase(Locale.ROOT));
    if (!m.matches()) {
      throw new IllegalArgumentException("must be a whole number with ms, s or m (e.g. 500ms, 10s, 2m)");
    }
    long n = Long.parseLong(m.group(1));
    return switch (m.group(2)) {
      case "ms" -> Duration.ofMillis(n);
      case "s" -> Duration.ofSeconds(n);
      default -> Duration.ofMinutes(n);
    };
  }

  /**
   * As {@link #parse(String)}, for a command-line option.
   *
   * @throws IllegalArgumentException naming {@code option} and the value when it is not of the form
   */
  public static Duration parse(String option, String text) {
    try {
      return parse(text);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(option + " " + e.getMessage() + ", got: " + text, e);
    }
  }

  /** The shortest exact form: {@code 2m}, {@code 90s}, {@code 1500ms}. */
  public static String format(Duration duration) {
    long millis = duration.toMillis();
    if (millis % 60_000 == 0) {
      return millis / 60_000 + "m";
    }
    if (millis % 1000 == 0) {
      return millis / 1000 + "s";
    }
    return millis + "ms";
  }
}
