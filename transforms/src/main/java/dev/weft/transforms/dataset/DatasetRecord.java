package dev.weft.transforms.dataset;

import dev.weft.context.ItemMetadata;
import java.util.Objects;

/**
 * One record of a dataset: an id, an optional title and the text. Between Beam steps it is encoded as a schema row
 * ({@code DatasetRecordCoder}), never Java-serialized.
 *
 * @param id the record id; it becomes the item's path in the index
 * @param title a title, or empty
 * @param text the body
 * @param meta the {@code --meta-fields} values, which travel with every chunk of the record
 */
public record DatasetRecord(String id, String title, String text, ItemMetadata meta) {
  public DatasetRecord {
    Objects.requireNonNull(id, "id");
    title = title == null ? "" : title;
    Objects.requireNonNull(text, "text");
    meta = meta == null ? ItemMetadata.none() : meta;
  }

  /** A record without metadata. */
  public DatasetRecord(String id, String title, String text) {
    this(id, title, text, ItemMetadata.none());
  }

  /** The text that is chunked: the title as its own first paragraph when there is one. */
  public String body() {
    return title.isBlank() ? text : title + "\n\n" + text;
  }
}
