package dev.weft.models.http;

import java.util.Optional;

/**
 * Server-sent events (the WHATWG {@code text/event-stream} format) line by line: {@code data:} lines are joined
 * with newlines and dispatched at a blank line; comments ({@code :...}), {@code event:}, {@code id:} and
 * {@code retry:} lines are ignored, as chat completions never need them. Not thread-safe: one per stream.
 */
public final class ServerSentEvents {
  private final StringBuilder data = new StringBuilder();
  private boolean pending;

  /** Feeds one line (without its line break); answers the event's data when the line ends an event. */
  public Optional<String> line(String line) {
    if (line.isEmpty()) {
      return flush();
    }
    if (line.startsWith(":")) {
      return Optional.empty();
    }
    int colon = line.indexOf(':');
    String field = colon < 0 ? line : line.substring(0, colon);
    if (!field.equals("data")) {
      return Optional.empty();
    }
    String value = colon < 0 ? "" : line.substring(colon + 1);
    if (value.startsWith(" ")) {
      value = value.substring(1);
    }
    if (pending) {
      data.append('\n');
    }
    data.append(value);
    pending = true;
    return Optional.empty();
  }

  /** The end of the stream: an event still pending (no blank line after it) is dispatched. */
  public Optional<String> end() {
    return flush();
  }

  private Optional<String> flush() {
    if (!pending) {
      return Optional.empty();
    }
    String event = data.toString();
    data.setLength(0);
    pending = false;
    return Optional.of(event);
  }
}
