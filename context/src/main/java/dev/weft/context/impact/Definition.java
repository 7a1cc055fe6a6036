package dev.weft.context.impact;

import java.util.Objects;

/**
 * One place a symbol is defined: the chunk that declares it.
 *
 * @param path corpus-relative path
 * @param startLine first line, 1-based inclusive (as editors show it)
 * @param endLine last line, 1-based inclusive
 */
public record Definition(String path, int startLine, int endLine) {
  public Definition {
    Objects.requireNonNull(path, "path");
    if (startLine < 1 || endLine < startLine) {
      throw new IllegalArgumentException(
          "definition lines must satisfy 1 <= startLine <= endLine, got: " + startLine + "-" + endLine + " in " + path);
    }
  }
}
