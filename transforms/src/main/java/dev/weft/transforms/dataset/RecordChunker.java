package dev.weft.transforms.dataset;

import dev.weft.context.ContentHash;
import dev.weft.context.Kind;
import dev.weft.context.SourceDocument;
import dev.weft.transforms.ingest.FileOutcome;
import dev.weft.transforms.ingest.FileProcessor;
import java.io.Serializable;
import java.nio.charset.StandardCharsets;
import java.util.Objects;

/**
 * Turns one dataset record into an item and chunks it with {@link FileProcessor#chunk}: the record id is the
 * item's path, the body is hashed as the planner hashed it, and records have no mtime. Plain and serializable,
 * so the in-process path and the Beam {@code ChunkDatasetRecords} step make the very same items.
 */
public final class RecordChunker implements Serializable {
  private final Kind kind;
  private final String format;
  private final String stamp;

  private RecordChunker(Kind kind, String format, String stamp) {
    this.kind = kind;
    this.format = format;
    this.stamp = stamp;
  }

  /**
   * @param kind the kind every record is routed to
   * @param format the chunking format of the record text ({@code text}, {@code markdown}, ...)
   * @param stamp the ingest stamp every item's state records
   */
  public static RecordChunker as(Kind kind, String format, String stamp) {
    Objects.requireNonNull(kind, "kind");
    if (format == null || format.isBlank()) {
      throw new IllegalArgumentException("record chunking format must be non-blank, got: "
          + (format == null ? "null" : "\"" + format + "\""));
    }
    return new RecordChunker(kind, format, FileProcessor.requireStamp(stamp));
  }

  public Kind kind() {
    return kind;
  }

  public String format() {
    return format;
  }

  public String stamp() {
    return stamp;
  }

  /** The record's chunks and state (with its metadata), or a dead letter under its id when the chunker fails. */
  public FileOutcome chunk(DatasetRecord record) {
    String body = record.body();
    byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
    FileOutcome outcome = FileProcessor.chunk(new SourceDocument(record.id(), kind, format, body, hashOf(bytes), 0,
        bytes.length), stampOf(stamp, record));
    return outcome instanceof FileOutcome.Chunked chunked && !record.meta().isEmpty()
        ? chunked.withMeta(record.meta()) : outcome;
  }

  /**
   * The stamp a record's item records: the ingest stamp, plus its metadata's hash when it has metadata. The
   * content hash stays the body's, the bytes {@code get} reads back and gates on; the stamp is what says how the
   * item was made, and a record whose metadata changed must be written again though its text did not.
   */
  static String stampOf(String stamp, DatasetRecord record) {
    return record.meta().isEmpty() ? stamp
        : stamp + "+meta:" + ContentHash.of(record.meta().toJson().getBytes(StandardCharsets.UTF_8));
  }

  /** The content hash of a record: the one the planner compares with the index and the one the item keeps. */
  static String hashOf(DatasetRecord record) {
    return hashOf(record.body().getBytes(StandardCharsets.UTF_8));
  }

  private static String hashOf(byte[] body) {
    return ContentHash.of(body);
  }
}
