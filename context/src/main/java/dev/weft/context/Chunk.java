package dev.weft.context;

import java.io.Serializable;
import java.util.Objects;

/**
 * One retrievable piece of a source item.
 *
 * @param id deterministic id, {@code <path>#<ordinal>} (see {@link ChunkIds})
 * @param path corpus-relative path with {@code /} separators
 * @param kind routing kind
 * @param format source format ({@code java}, {@code python}, {@code markdown}, ...)
 * @param symbol declared name of the chunk's element, or null when anonymous (preamble, paragraph pack)
 * @param nodeType what the chunk is ({@code method}, {@code class}, {@code section}, {@code preamble}, ...)
 * @param startLine first line, 0-based inclusive
 * @param endLine last line, 0-based inclusive
 * @param text the chunk body exactly as it stands in the source
 * @param contentHash hash of the whole source item's bytes (see {@link ContentHash})
 */
public record Chunk(
    String id,
    String path,
    Kind kind,
    String format,
    String symbol,
    String nodeType,
    int startLine,
    int endLine,
    String text,
    String contentHash)
    implements Serializable {

  public Chunk {
    Objects.requireNonNull(id, "id");
    Objects.requireNonNull(path, "path");
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(format, "format");
    Objects.requireNonNull(nodeType, "nodeType");
    Objects.requireNonNull(text, "text");
    Objects.requireNonNull(contentHash, "contentHash");
    if (startLine < 0 || endLine < startLine) {
      throw new IllegalArgumentException(
          "chunk lines must satisfy 0 <= startLine <= endLine, got: " + startLine + "-" + endLine
              + " in " + path);
    }
  }
}
