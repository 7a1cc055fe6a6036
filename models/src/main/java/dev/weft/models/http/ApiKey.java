package dev.weft.models.http;

import java.net.http.HttpRequest;
import java.util.Objects;
import java.util.function.Function;

/**
 * An API key read once from the environment variable a spec names. Specs hold the variable's name, never the key,
 * so they can be logged, serialized and shipped to workers; the key itself goes into the {@code Authorization}
 * header only, never into a message or {@link #toString()}, and {@link #scrub} takes it out of any text a server or
 * the network stack wrote before that text is quoted.
 */
public final class ApiKey {
  private final String variable;
  private final String key;

  private ApiKey(String variable, String key) {
    this.variable = variable;
    this.key = key;
  }

  /**
   * The key in {@code variable}, looked up with {@code env} ({@code System::getenv}; tests pass a map's
   * {@code get}). An unset or blank variable means no key: local servers want none.
   *
   * @throws IllegalArgumentException naming the variable (never the value) when the key holds a control
   *     character or a char past U+00FF: it cannot go into a header, and the HTTP client's own refusal would quote
   *     the whole header, key included, into every failure
   */
  public static ApiKey fromEnv(String variable, Function<String, String> env) {
    Objects.requireNonNull(variable, "variable");
    String value = env.apply(variable);
    if (value == null || value.isBlank()) {
      return new ApiKey(variable, null);
    }
    String key = value.strip();
    for (int i = 0; i < key.length(); i++) {
      char c = key.charAt(i);
      if (Character.isISOControl(c) || c > 0xFF) {
        throw new IllegalArgumentException("the API key in $" + variable + " holds "
            + (Character.isISOControl(c) ? String.format("the control character U+%04X", (int) c)
                : "a character past U+00FF") + " at position " + (i + 1) + " of " + key.length()
            + "; a key is one line of printable characters: set $" + variable + " to the key alone (a key file"
            + " with a second line or CRLF line ends?)");
      }
    }
    return new ApiKey(variable, key);
  }

  public boolean isSet() {
    return key != null;
  }

  /** Adds {@code Authorization: Bearer <key>} when there is a key. */
  public HttpRequest.Builder authorize(HttpRequest.Builder request) {
    return key == null ? request : request.header("Authorization", "Bearer " + key);
  }

  /** {@code text} with every occurrence of the key replaced by {@code [redacted]}. */
  public String scrub(String text) {
    return key == null || text == null ? text : text.replace(key, "[redacted]");
  }

  /** {@code $VARIABLE}, and {@code (unset)} when it holds no key; never the key. */
  @Override
  public String toString() {
    return "$" + variable + (key == null ? " (unset)" : "");
  }
}
