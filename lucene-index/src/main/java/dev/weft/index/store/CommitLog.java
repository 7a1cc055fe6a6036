package dev.weft.index.store;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Collections;
import java.util.HashMap;
import java.util.Iterator;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.concurrent.ThreadLocalRandom;

/**
 * The writes a store holds in its commit points instead of in documents: the latest value (or a deletion) of each
 * key written since the last fold.
 *
 * <p>Why: a Lucene commit that adds documents flushes a new segment — some twenty codec files built, packed and
 * synced, 5–6 ms of CPU and file-system work here even for one small document — while a commit that changes only
 * its user data ({@code IndexWriter.setLiveCommitData}) writes and syncs one {@code segments_N}. So a write is one
 * commit whose commit point holds it; every {@link #FOLD_ENTRIES} keys or {@link #FOLD_BYTES} bytes (and before a
 * ranking read) one commit folds the log into documents and carries none. What a store holds is always the
 * documents of a commit overlaid by that same commit's log ({@link StoreView}).
 *
 * <p>A chain of deltas: each commit carries only its own writes ({@link #DELTA_KEY}), a random id and the id of the
 * commit before it ({@link #PREV_KEY}; absent on a commit that starts a chain: the first after a fold, and every
 * {@link #CHAIN_LIMIT}-th, which carries the whole log). The log of a commit is its chain's deltas applied in
 * order; the commits of the chain are kept on disk while a kept commit needs them ({@link KeepPreviousCommit}). A commit point used to carry the whole log, so every commit rewrote and re-encoded
 * tens of KiB; now it writes its own few hundred bytes, and a reader extends the log it knows by one delta
 * ({@link #then}) or replays the chain from the directory ({@link CommitChain}). Commits written before the chain
 * carry the whole log under {@link #LEGACY_KEY}; the first commit after one starts a chain carrying that log whole.
 *
 * <p>Immutable; a value that is empty means the key was deleted.
 */
final class CommitLog {
  /** Where commits written before the chain keep their whole log. */
  static final String LEGACY_KEY = "weft.store.log";
  /** This commit's writes, a JSON object of {@code "key":[value]} or {@code "key":[]} (deleted). */
  static final String DELTA_KEY = "weft.store.delta";
  /** This commit's id: random, so a reader can tell a commit from another that reused its generation. */
  static final String ID_KEY = "weft.store.id";
  /** The id of the commit this one's delta applies over; absent when this commit starts a chain. */
  static final String PREV_KEY = "weft.store.prev";
  /** Fold once the log holds this many keys: a reopen replays one commit per write since the fold. */
  static final int FOLD_ENTRIES = 256;
  /** Fold once the deltas since the last fold are this large. */
  static final int FOLD_BYTES = 64 * 1024;
  /** A full log folds on the committing thread once it is this many times full while its fold is built ahead. */
  static final int OVERDUE = 4;
  /**
   * A chain this long is restarted by a commit carrying the whole log: opening the store or its writer reads every
   * kept commit point (Lucene's file deleter reads each, with its segments' {@code .si} files), so the chain stays
   * short while folds stay rare; the whole log costs one commit in this many.
   */
  static final int CHAIN_LIMIT = 16;
  static final CommitLog EMPTY = new CommitLog(Collections.emptySortedMap(), "", 0, 0);

  private static final ObjectMapper JSON = new ObjectMapper();

  /** One commit's part of a chain, as its user data says. */
  record Link(String id, String prev, String delta) {
    boolean startsChain() {
      return prev.isEmpty();
    }
  }

  /** What the next commit carries: the log after it, and the user data that says so. */
  record Next(CommitLog log, Map<String, String> userData) {}

  private final SortedMap<String, Optional<JsonNode>> entries;
  /** The id of the commit carrying this log; empty for no log, or a legacy one (not part of a chain). */
  private final String id;
  /** The bytes of the writes since the last fold. */
  private final long bytes;
  /** The commits of the chain so far, this log's included. */
  private final int length;

  private CommitLog(SortedMap<String, Optional<JsonNode>> entries, String id, long bytes, int length) {
    this.entries = entries;
    this.id = id;
    this.bytes = bytes;
    this.length = length;
  }

  /** The chain link a commit's user data holds, if it is part of a chain. */
  static Optional<Link> link(Map<String, String> userData) {
    String delta = userData == null ? null : userData.get(DELTA_KEY);
    if (delta == null) {
      return Optional.empty();
    }
    return Optional.of(new Link(userData.getOrDefault(ID_KEY, ""), userData.getOrDefault(PREV_KEY, ""), delta));
  }

  /** The log of a commit that is not part of a chain: a legacy whole log, or none (a fold). */
  static CommitLog unchained(Map<String, String> userData) {
    String text = userData == null ? null : userData.get(LEGACY_KEY);
    if (text == null || text.isEmpty()) {
      return EMPTY;
    }
    return new CommitLog(Collections.unmodifiableSortedMap(parse(LEGACY_KEY, text)), "", text.length(), 0);
  }

  /** The log of the commit that starts a chain. */
  static CommitLog start(Link link) {
    if (!link.startsChain()) {
      throw new IllegalArgumentException("the commit " + link.id() + " continues a chain from " + link.prev());
    }
    return new CommitLog(Collections.unmodifiableSortedMap(parse(DELTA_KEY, link.delta())), link.id(),
        link.delta().length(), 1);
  }

  /**
   * The log of the commit after the one carrying this log. A commit carrying the same id is the same commit
   * written again (Lucene's commit when a writer closes repeats the last user data): the same log.
   *
   * @throws IllegalArgumentException when {@code link} does not continue this log's commit
   */
  CommitLog then(Link link) {
    if (link.id().equals(id)) {
      return this;
    }
    if (link.startsChain()) {
      return start(link);
    }
    if (id.isEmpty() || !link.prev().equals(id)) {
      throw new IllegalArgumentException("the commit " + link.id() + " continues " + link.prev()
          + ", not " + (id.isEmpty() ? "an unchained commit" : id));
    }
    return new CommitLog(Collections.unmodifiableSortedMap(over(entries, parse(DELTA_KEY, link.delta()))),
        link.id(), bytes + link.delta().length(), length + 1);
  }

  /**
   * What a commit writing {@code writes} over this log carries: only its writes, or the whole log when it starts
   * a chain (after a fold, a legacy whole log, or a chain of {@link #CHAIN_LIMIT} commits).
   */
  Next next(SortedMap<String, Optional<JsonNode>> writes) {
    SortedMap<String, Optional<JsonNode>> all = over(entries, writes);
    String nextId = Long.toHexString(ThreadLocalRandom.current().nextLong())
        + Long.toHexString(ThreadLocalRandom.current().nextLong());
    Map<String, String> userData = new HashMap<>();
    String own = json(writes);
    String delta;
    int nextLength;
    if (id.isEmpty() || length >= CHAIN_LIMIT) {
      delta = entries.isEmpty() ? own : json(all);
      nextLength = 1;
    } else {
      delta = own;
      userData.put(PREV_KEY, id);
      nextLength = length + 1;
    }
    userData.put(DELTA_KEY, delta);
    userData.put(ID_KEY, nextId);
    return new Next(new CommitLog(Collections.unmodifiableSortedMap(all), nextId, bytes + own.length(),
        nextLength), userData);
  }

  /**
   * What a commit that folds every other logged key carries: {@code rest} as the start of a new chain, or no log
   * (empty user data) when {@code rest} is empty — a fold whose segment was built ahead ({@link FoldAhead}).
   */
  static Next restart(SortedMap<String, Optional<JsonNode>> rest) {
    if (rest.isEmpty()) {
      return new Next(EMPTY, Map.of());
    }
    return EMPTY.next(rest);
  }

  /** Whether the next commit should fold this log into documents rather than carry it. */
  boolean full() {
    return entries.size() >= FOLD_ENTRIES || bytes >= FOLD_BYTES;
  }

  /**
   * Whether the log outgrew a fold built ahead ({@link FoldAhead}) that has not finished: the next commit folds
   * on the committing thread, as a fold did before, so a slow build never lets the log (and every commit point
   * that starts a chain) grow without bound.
   */
  boolean overdue() {
    return entries.size() >= OVERDUE * FOLD_ENTRIES || bytes >= OVERDUE * FOLD_BYTES;
  }

  boolean isEmpty() {
    return entries.isEmpty();
  }

  /** The id of the commit carrying this log ({@code ""}: none, or not part of a chain). */
  String id() {
    return id;
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

  private static SortedMap<String, Optional<JsonNode>> over(SortedMap<String, Optional<JsonNode>> base,
      Map<String, Optional<JsonNode>> writes) {
    SortedMap<String, Optional<JsonNode>> all = new TreeMap<>(base);
    all.putAll(writes);
    return all;
  }

  private static SortedMap<String, Optional<JsonNode>> parse(String what, String text) {
    try {
      JsonNode tree = JSON.readTree(text);
      if (!tree.isObject()) {
        throw new UncheckedIOException(new IOException("the commit's " + what + " is not a JSON object"));
      }
      SortedMap<String, Optional<JsonNode>> entries = new TreeMap<>();
      for (Iterator<Map.Entry<String, JsonNode>> it = tree.fields(); it.hasNext(); ) {
        Map.Entry<String, JsonNode> entry = it.next();
        JsonNode wrapped = entry.getValue();
        if (!wrapped.isArray() || wrapped.size() > 1) {
          throw new UncheckedIOException(new IOException("the commit's " + what + " entry of '" + entry.getKey()
              + "' is not [value] or []"));
        }
        entries.put(entry.getKey(), wrapped.isEmpty() ? Optional.empty() : Optional.of(wrapped.get(0)));
      }
      return entries;
    } catch (JsonProcessingException e) {
      throw new UncheckedIOException("the commit's " + what + " is not JSON: " + e.getOriginalMessage(), e);
    }
  }

  /** Entries as one JSON object: {@code [value]} for a write, {@code []} for a deletion (a value may be null). */
  private static String json(Map<String, Optional<JsonNode>> writes) {
    StringBuilder json = new StringBuilder(256 * writes.size()).append('{');
    try {
      for (Map.Entry<String, Optional<JsonNode>> entry : writes.entrySet()) {
        if (json.length() > 1) {
          json.append(',');
        }
        json.append(JSON.writeValueAsString(entry.getKey())).append(":[");
        if (entry.getValue().isPresent()) {
          json.append(JSON.writeValueAsString(entry.getValue().get()));
        }
        json.append(']');
      }
    } catch (JsonProcessingException e) {
      throw new IllegalArgumentException("cannot write the store's commit log: " + e.getOriginalMessage(), e);
    }
    return json.append('}').toString();
  }
}
