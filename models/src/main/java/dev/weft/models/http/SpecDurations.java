package dev.weft.models.http;

import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The one reading of a duration a user writes, everywhere one is accepted: CLI flags ({@code --window},
 * {@code --rescan}, {@code --idle}, {@code --deadline}, {@code --call-timeout}), Beam options ({@code --lockWait},
 * {@code --window}, {@code --callTimeout}), MCP arguments ({@code deadline}) and model specs ({@code timeout=10s}).
 * Two spellings: a whole number and a unit, {@code 500ms}, {@code 10s}, {@code 2m}, {@code 1h}; or ISO-8601,
 * {@code PT30S}, {@code PT1H}, {@code PT0.05S}. Never negative; a caller that needs more than zero says so.
 */
public final class SpecDurations {
  /** What the form is, for messages: every refusal names it the same way. */
  public static final String FORM_HELP =
      "a whole number with ms, s, m or h (500ms, 10s, 2m, 1h) or ISO-8601 (PT30S)";
  private static final Pattern FORM = Pattern.compile("(\\d{1,9})(ms|s|m|h)");

  private SpecDurations() {}

  /** @throws IllegalArgumentException when {@code text} is not of the form, or negative */
  public static Duration parse(String text) {
    String value = text.strip();
    Duration parsed;
    if (value.startsWith("P") || value.startsWith("p")) {
      try {
        parsed = Duration.parse(value);
      } catch (DateTimeParseException e) {
        throw new IllegalArgumentException("must be " + FORM_HELP, e);
      }
    } else {
      Matcher m = FORM.matcher(value.toLowerCase(Locale.ROOT));
      if (!m.matches()) {
        throw new IllegalArgumentException("must be " + FORM_HELP);
      }
      long n = Long.parseLong(m.group(1));
      parsed = switch (m.group(2)) {
        case "ms" -> Duration.ofMillis(n);
        case "s" -> Duration.ofSeconds(n);
        case "m" -> Duration.ofMinutes(n);
        default -> Duration.ofHours(n);
      };
    }
    if (parsed.isNegative()) {
      throw new IllegalArgumentException("must not be negative");
    }
    return parsed;
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
