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
   */
  public static ApiKey fromEnv(String variable, Function<String, String> env) {
    Objects.requireNonNull(variable, "variable");
    String value = env.apply(variable);
    return new ApiKey(variable, value == null || value.isBlank() ? null : value.strip());
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
