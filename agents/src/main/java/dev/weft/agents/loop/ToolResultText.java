package dev.weft.agents.loop;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Locale;

/** The text a tool message carries for a tool's result, cut to a bound with the cut said at its end. */
final class ToolResultText {
  private ToolResultText() {}

  /** A text result as itself (a model reads prose better than a quoted JSON string), anything else as JSON. */
  static String of(JsonNode value) {
    return value.isTextual() ? value.asText() : value.toString();
  }

  /**
   * {@code text} when it has at most {@code max} characters, else its first {@code max} (one fewer rather than
   * half a surrogate pair) followed by {@code … [cut: 8,000 of 20,345 characters shown]}.
   */
  static String cut(String text, int max) {
    if (text.length() <= max) {
      return text;
    }
    int end = max;
    if (Character.isHighSurrogate(text.charAt(end - 1))) {
      end--;
    }
    return text.substring(0, end)
        + String.format(Locale.ROOT, "… [cut: %,d of %,d characters shown]", end, text.length());
  }
}
