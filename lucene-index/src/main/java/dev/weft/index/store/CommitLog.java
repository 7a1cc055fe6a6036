package dev.weft.index.store;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.UncheckedIOException;
import java.util.Collections;
import java.util.Iterator;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * The writes a commit carries in its commit point instead of in documents: the latest value (or a deletion) of
 * each key written since the last fold, kept in the commit's user data ({@code IndexWriter.setLiveCommitData}).
 *
 * <p>Why: a Lucene commit that adds documents flushes a new segment — some twenty codec files built, packed and
 * synced, 5–6 ms of CPU and file-system work here even for one small document — while a commit that changes only
 * its user data writes and syncs one {@code segments_N} (0.6 ms). So a write is one commit whose commit point holds
 * it; every {@link #FOLD_ENTRIES} keys or {@link #FOLD_BYTES} bytes (and before a text search or when the writer is
 * released) one commit folds the log into documents and empties it. The commit point is written whole by Lucene
 * (pending file, fsync, rename), so a write is still atomic and durable when its commit returns, and what a store
 * holds is always the documents of a commit overlaid by that same commit's log ({@link StoreView}).
 *
 * <p>Immutable; {@code value} empty means the key was deleted.
 */
final class CommitLog {
  /** The user-data key the log lives under. */
  static final String USER_DATA_KEY = "weft.store.log";
  /** Fold once the log holds this many keys: the commit point is rewritten whole by every commit. */
  static final int FOLD_ENTRIES = 256;
  /** Fold once the log's JSON is this large. */
  static final int FOLD_BYTES = 64 * 1024;
  static final CommitLog EMPTY = new CommitLog(Collections.emptySortedMap(), Collections.emptySortedMap(), "");

  private static final ObjectMapper JSON = new ObjectMapper();

  private final SortedMap<String, Optional<JsonNode>> entries;
  /**
   * Each entry as the JSON member it is written as ({@code "key":[value]}), so a commit serialises only the keys
   * it writes and joins the rest: the log is rewritten whole into every commit point, up to {@link
   * #FOLD_ENTRIES} keys.
   */
  private final SortedMap<String, String> members;
  /** The user-data text: written once, by {@link #plus} or read from a commit, and compared by readers. */
  private final String text;

  private CommitLog(SortedMap<String, Optional<JsonNode>> entries, SortedMap<String, String> members,
      String text) {
    this.entries = entries;
    this.members = members;
    this.text = text;
  }

  /** The log a commit's user data holds (empty when it holds none). */
  static CommitLog of(Map<String, String> userData) {
    String text = userData == null ? null : userData.get(USER_DATA_KEY);
    if (text == null || text.isEmpty()) {
      return EMPTY;
    }
    try {
      JsonNode tree = JSON.readTree(text);
      if (!tree.isObject()) {
        throw new UncheckedIOException(new java.io.IOException(
            "the commit's " + USER_DATA_KEY + " is not a JSON object"));
      }
      SortedMap<String, Optional<JsonNode>> entries = new TreeMap<>();
      SortedMap<String, String> members = new TreeMap<>();
      for (Iterator<Map.Entry<String, JsonNode>> it = tree.fields(); it.hasNext(); ) {
        Map.Entry<String, JsonNode> entry = it.next();
        JsonNode wrapped = entry.getValue();
        if (!wrapped.isArray() || wrapped.size() > 1) {
          throw new UncheckedIOException(new java.io.IOException("the commit's " + USER_DATA_KEY + " entry of '"
              + entry.getKey() + "' is not [value] or []"));
        }
        Optional<JsonNode> value = wrapped.isEmpty() ? Optional.empty() : Optional.of(wrapped.get(0));
        entries.put(entry.getKey(), value);
        members.put(entry.getKey(), member(entry.getKey(), value));
      }
      return new CommitLog(Collections.unmodifiableSortedMap(entries), members, text);
    } catch (JsonProcessingException e) {
      throw new UncheckedIOException("the commit's " + USER_DATA_KEY + " is not JSON: " + e.getOriginalMessage(), e);
    }
  }

  /** This log with {@code writes} applied over it (later writes win). */
  CommitLog plus(Map<String, Optional<JsonNode>> writes) {
    if (writes.isEmpty()) {
      return this;
    }
    SortedMap<String, Optional<JsonNode>> next = new TreeMap<>(entries);
    SortedMap<String, String> nextMembers = new TreeMap<>(members);
    writes.forEach((key, value) -> {
      next.put(key, value);
      nextMembers.put(key, member(key, value));
    });
    StringBuilder json = new StringBuilder(text.length() + 256 * writes.size()).append('{');
    for (String each : nextMembers.values()) {
      if (json.length() > 1) {
        json.append(',');
      }
      json.append(each);
    }
    return new CommitLog(Collections.unmodifiableSortedMap(next), nextMembers, json.append('}').toString());
  }

  /** Whether the next commit should fold this log into documents rather than carry it. */
  boolean full() {
    return entries.size() >= FOLD_ENTRIES || text.length() >= FOLD_BYTES;
  }

  boolean isEmpty() {
    return entries.isEmpty();
  }

  /** Every logged key with its value (empty: deleted), in key order. */
  SortedMap<String, Optional<JsonNode>> entries() {
    return entries;
  }

  /** Whether any logged key starts with {@code prefix}. */
  boolean touches(String prefix) {
    if (prefix.isEmpty()) {
      return !entries.isEmpty();
    }
    SortedMap<String, Optional<JsonNode>> from = entries.tailMap(prefix);
    return !from.isEmpty() && from.firstKey().startsWith(prefix);
  }

  /** The user data a commit carrying this log writes. */
  Map<String, String> userData() {
    return entries.isEmpty() ? Map.of() : Map.of(USER_DATA_KEY, text);
  }

  /** The text {@link #userData} holds under {@link #USER_DATA_KEY} ({@code ""} when empty). */
  String text() {
    return text;
  }

  /** One entry as a JSON object member: {@code [value]} for a write, {@code []} for a deletion (a stored value
   * may itself be JSON null). */
  private static String member(String key, Optional<JsonNode> value) {
    try {
      return JSON.writeValueAsString(key) + ":[" + (value.isPresent() ? JSON.writeValueAsString(value.get()) : "")
          + "]";
    } catch (JsonProcessingException e) {
      throw new IllegalArgumentException("cannot write the store's commit log entry of '" + key + "': "
          + e.getOriginalMessage(), e);
    }
  }
}
