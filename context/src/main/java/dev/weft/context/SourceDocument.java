package dev.weft.context;

import java.io.Serializable;
import java.util.Objects;

/**
 * A decoded source item ready to chunk.
 *
 * @param path corpus-relative path with {@code /} separators (or a record id for datasets)
 * @param kind routing kind
 * @param format source format
 * @param text decoded text (UTF-8)
 * @param contentHash {@link ContentHash} of the original bytes
 * @param mtimeMillis last-modified time, or 0 when the item has none (dataset records)
 * @param size size of the original bytes
 */
public record SourceDocument(
    String path, Kind kind, String format, String text, String contentHash, long mtimeMillis, long size)
    implements Serializable {
  public SourceDocument {
    Objects.requireNonNull(path, "path");
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(format, "format");
    Objects.requireNonNull(text, "text");
    Objects.requireNonNull(contentHash, "contentHash");
  }

  /** The state the index keeps for this item once its chunks are written. */
  public FileState state(String chunkerStamp, int chunkCount) {
    return new FileState(path, kind, format, mtimeMillis, size, contentHash, chunkerStamp, chunkCount);
  }
}
