package dev.weft.transforms.route;

import dev.weft.context.Kind;
import java.io.Serializable;
import java.util.Objects;

/**
 * Where a path goes: its ranking {@code kind} and the {@code format} that picks its chunker.
 *
 * @param kind code or doc; kinds never share a ranking
 * @param format lower-case format id ({@code java}, {@code markdown}, ...), see {@code Formats}
 */
public record Route(Kind kind, String format) implements Serializable {
  public Route {
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(format, "format");
  }
}
