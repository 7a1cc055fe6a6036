package dev.weft.context;

/**
 * The names of an ingest run's counters, in one place: the report, the manifest, the Beam metrics the driver reads
 * back, the CLI's table and JSON all use these, so a rename cannot leave one of them behind. The report lists them
 * in this order ({@code RunCounters}).
 */
public final class IngestCounters {
  /** Beam metrics namespace of the ingest transforms. */
  public static final String NAMESPACE = "weft.ingest";

  public static final String ADDED = "added";
  public static final String UPDATED = "updated";
  public static final String REMOVED = "removed";
  public static final String UNCHANGED = "unchanged";
  /** Items indexed with no chunk (blank). */
  public static final String EMPTY = "empty";
  public static final String CHUNKS = "chunks";
  public static final String EMBEDDED = "embedded";
  public static final String VECTORS_REUSED = "vectors_reused";
  /** Chunks indexed without a vector; {@link #embedFailed(String)} splits them by reason. */
  public static final String EMBED_FAILED = "embed_failed";
  /** Chunks whose text the embedder cut to its input limit. */
  public static final String TRUNCATED = "truncated";
  /** Items a chunker failed on; also the dead-letter reason of those items. */
  public static final String ERRORS = "errors";
  /** Beam only: items chunked by {@code ReadAndChunkFiles}. */
  public static final String INDEXED = "indexed";
  /** Beam only: shard indexes written. */
  public static final String SHARDS_WRITTEN = "shards_written";

  /**
   * Streaming ingest only: the end (epoch millis) of the window whose pass published the generation; a replayed
   * window at or before the served one publishes nothing.
   */
  public static final String STREAM_WINDOW = "stream_window";

  private static final String SKIPPED_PREFIX = "skipped.";
  private static final String EMBED_FAILED_PREFIX = EMBED_FAILED + ".";

  private IngestCounters() {}

  /** {@code skipped.<reason>}: items refused for {@code reason} ({@link SkipReason#counter()}). */
  public static String skipped(String reason) {
    return SKIPPED_PREFIX + reason;
  }

  /** {@code embed_failed.<reason>}: chunks left without a vector for {@code reason}. */
  public static String embedFailed(String reason) {
    return EMBED_FAILED_PREFIX + reason;
  }

  /** The counter a dead letter of {@code reason} is counted under: {@link #ERRORS}, or {@code skipped.<reason>}. */
  public static String forDeadLetter(String reason) {
    return ERRORS.equals(reason) ? ERRORS : skipped(reason);
  }
}
