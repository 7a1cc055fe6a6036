package dev.weft.context.memory;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.weft.context.embed.EmbedderIdentity;
import dev.weft.context.embed.RecordedEmbedder;
import dev.weft.context.error.ExitStatus;
import dev.weft.context.error.Quote;
import dev.weft.context.error.WeftException;
import dev.weft.context.store.Store;
import dev.weft.context.store.StoredEmbedding;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.regex.Pattern;

/** Remember and forget, each one {@link PlannedMutate} (one {@link Store#mutate}). */
final class MemoryWrites {
  /** How many writers may take sequence numbers between a new record's plan and its mutate without a replan. */
  static final int SEQ_WINDOW = 64;

  /** What may follow an id in one of its segments' ids: {@code #2}, {@code #2#1}. */
  private static final Pattern SEGMENTS = Pattern.compile("(?:#[0-9]+)+");

  private final Store store;

  MemoryWrites(Store store) {
    this.store = store;
  }

  /** A record read back with the key it lives under. */
  private record Found(String key, MemoryRecord record) {}

  Remembered remember(MemoryScope scope, String id, String text, Remember options, Instant now,
      StoredEmbedding embedding, Optional<String> embedFailure, Duration episodeWindow) {
    MemoryKind kind = options.kindOrDefault();
    Instant occurredAt = options.occurredAt() == null ? now : options.occurredAt();
    Instant cutoff = now.minus(episodeWindow);
    if (kind == MemoryKind.EPISODE && occurredAt.isBefore(cutoff)) {
      throw new IllegalArgumentException("episode '" + Quote.of(id) + "' occurred at " + occurredAt + ", before the episode "
          + "window of " + episodeWindow + " (cutoff " + cutoff + "), so it would be pruned at once; remember it "
          + "as a fact, or widen the window");
    }
    return PlannedMutate.apply(store, "remember '" + Quote.of(id) + "' in scope " + scope, reads -> {
      Map<String, JsonNode> writes = new HashMap<>();
      Set<String> deletes = new HashSet<>();
      if (embedding != null) {
        oneModel(reads, embedding.identity(), writes);
      }
      Optional<Found> existing = find(reads, scope, id);
      existing.ifPresent(found -> deletes.add(found.key()));
      String key = MemoryKeys.item(scope, kind, id);
      deletes.remove(key);
      int pruned = kind == MemoryKind.EPISODE ? prune(reads, scope, key, cutoff, deletes) : 0;
      JsonNode vector = embedding != null ? embedding.toJson() : keptVector(reads, existing, text);
      Instant createdAt = existing.map(f -> f.record().createdAt()).orElse(now);
      JsonNode meta = options.meta() != null ? options.meta() : existing.map(f -> f.record().meta()).orElse(null);
      Function<Long, ObjectNode> valueAt = seq -> {
        ObjectNode value = new MemoryRecord(id, text, kind, options.byOrDefault(), scope, occurredAt, createdAt,
            now, seq, meta, Optional.empty()).toJson();
        if (vector != null) {
          value.set(StoredEmbedding.FIELD, vector);
        }
        return value;
      };
      if (existing.isEmpty()) {
        return newRecord(reads, scope, id, kind, writes, deletes, valueAt,
            stored -> new Remembered(stored, true, pruned, embedFailure));
      }
      long seq = existing.get().record().seq();
      if (existing.get().record().kind() != kind) {
        writes.put(MemoryKeys.seq(scope, seq), seqEntry(id, kind));
      }
      writes.put(key, valueAt.apply(seq));
      return PlannedMutate.Plan.of(writes, deletes,
          new Remembered(MemoryRecord.fromJson(key, writes.get(key)), false, pruned, embedFailure));
    });
  }

  /**
   * A new id takes the scope's next sequence number, read inside the mutate: the plan covers the counter and the
   * next {@link #SEQ_WINDOW} sequence keys after the value it peeked, so writers that got in meanwhile cost no replan
   * unless more than that many did.
   */
  private static PlannedMutate.Plan<Remembered> newRecord(PlannedMutate.Reads reads, MemoryScope scope, String id,
      MemoryKind kind, Map<String, JsonNode> writes, Set<String> deletes, Function<Long, ObjectNode> valueAt,
      Function<MemoryRecord, Remembered> remembered) {
    String counter = MemoryKeys.counter(scope);
    String key = MemoryKeys.item(scope, kind, id);
    long peeked = last(reads.peek(counter).orElse(null));
    Set<String> touches = new HashSet<>(writes.keySet());
    touches.addAll(deletes);
    touches.add(counter);
    touches.add(key);
    for (long seq = peeked + 1; seq <= peeked + SEQ_WINDOW; seq++) {
      touches.add(MemoryKeys.seq(scope, seq));
    }
    return new PlannedMutate.Plan<>(touches, current -> {
      long seq = last(current.get(counter)) + 1;
      if (seq > peeked + SEQ_WINDOW || current.containsKey(MemoryKeys.seq(scope, seq))) {
        return Optional.empty();
      }
      Map<String, JsonNode> all = new HashMap<>(writes);
      ObjectNode value = valueAt.apply(seq);
      all.put(key, value);
      all.put(counter, JsonNodeFactory.instance.objectNode().put("last", seq));
      all.put(MemoryKeys.seq(scope, seq), seqEntry(id, kind));
      Remembered done = remembered.apply(MemoryRecord.fromJson(key, value));
      return Optional.of(new PlannedMutate.Decision<>(all, deletes, done));
    });
  }

  private static long last(JsonNode counter) {
    return counter == null ? 0 : counter.path("last").asLong();
  }

  private static ObjectNode seqEntry(String id, MemoryKind kind) {
    return JsonNodeFactory.instance.objectNode().put("id", id).put("kind", kind.id());
  }

  /**
   * One embedder per memory store: the first vector records its identity in {@link MemoryKeys#CONFIG}, and a vector
   * of another model is refused rather than stored beside it (recall could never compare the two).
   */
  private static void oneModel(PlannedMutate.Reads reads, EmbedderIdentity identity, Map<String, JsonNode> writes) {
    Optional<EmbedderIdentity> recorded = MemoryKeys.embedder(reads.get(MemoryKeys.CONFIG));
    if (recorded.isEmpty()) {
      writes.put(MemoryKeys.CONFIG, RecordedEmbedder.json(identity));
    } else if (!EmbedderIdentity.sameIdentity(recorded.get(), identity)) {
      throw new WeftException(ExitStatus.BAD_INPUT, "this memory's vectors are made by " + recorded.get()
          + " (recorded in " + MemoryKeys.CONFIG + ") and this write was embedded by " + identity + "; vectors of "
          + "different models are never mixed — remember without naming an embedder (the recorded one is used), or "
          + "with one that makes " + recorded.get() + " vectors");
    }
  }

  /**
   * Removes {@code id} and its segments ({@code id#2}, {@code id#2#1}: {@code #} and digits, repeated), never a
   * sibling ({@code idx}) nor another id that merely starts with {@code id#} ({@code id#b}).
   */
  int forget(MemoryScope scope, String id) {
    return PlannedMutate.apply(store, "forget '" + Quote.of(id) + "' in scope " + scope, reads -> {
      Set<String> deletes = new HashSet<>();
      for (MemoryKind kind : MemoryKind.values()) {
        for (Found found : under(reads, MemoryKeys.item(scope, kind, id))) {
          String other = found.record().id();
          if (other.equals(id) || isSegment(other, id)) {
            delete(scope, found, deletes);
          }
        }
      }
      return PlannedMutate.Plan.of(Map.of(), deletes, deletes.size() / 2);
    });
  }

  int forget(MemoryScope scope, ForgetSelector selector) {
    return PlannedMutate.apply(store, "forget " + selector + " in scope " + scope, reads -> {
      Set<String> deletes = new HashSet<>();
      for (MemoryKind kind : MemoryKind.values()) {
        if (selector.kind() == null || selector.kind() == kind) {
          for (Found found : under(reads, MemoryKeys.kind(scope, kind))) {
            if (selector.matches(found.record())) {
              delete(scope, found, deletes);
            }
          }
        }
      }
      return PlannedMutate.Plan.of(Map.of(), deletes, deletes.size() / 2);
    });
  }

  /** The record of {@code id} in any kind (an upsert may have moved it between kinds). */
  static Optional<Found> find(PlannedMutate.Reads reads, MemoryScope scope, String id) {
    for (MemoryKind kind : MemoryKind.values()) {
      String key = MemoryKeys.item(scope, kind, id);
      Optional<JsonNode> value = reads.get(key);
      if (value.isPresent()) {
        return Optional.of(new Found(key, MemoryRecord.fromJson(key, value.get())));
      }
    }
    return Optional.empty();
  }

  /** The vector of an unchanged text survives an upsert without an embedder; a changed text drops it (stale). */
  private static JsonNode keptVector(PlannedMutate.Reads reads, Optional<Found> existing, String text) {
    if (existing.isEmpty() || !existing.get().record().text().equals(text)) {
      return null;
    }
    return reads.get(existing.get().key()).map(v -> v.get(StoredEmbedding.FIELD)).orElse(null);
  }

  private static int prune(PlannedMutate.Reads reads, MemoryScope scope, String written, Instant cutoff,
      Set<String> deletes) {
    int pruned = 0;
    // only the episodes it prunes are checked again inside the mutate: a write can make an episode newer, never
    // older, so one that was young when peeked at is young still (and the mutate need not cover, nor rewrite, it)
    for (String key : reads.keys(MemoryKeys.kind(scope, MemoryKind.EPISODE))) {
      Optional<MemoryRecord> peeked = reads.peek(key).map(value -> MemoryRecord.fromJson(key, value));
      if (!key.equals(written) && peeked.isPresent() && peeked.get().occurredAt().isBefore(cutoff)) {
        Optional<JsonNode> value = reads.get(key);
        if (value.isPresent()) {
          delete(scope, new Found(key, MemoryRecord.fromJson(key, value.get())), deletes);
          pruned++;
        }
      }
    }
    // the recall log keeps the window's recalls: candidates count recent use, and the log does not grow forever
    for (String key : reads.keys(MemoryKeys.logPrefix(scope))) {
      if (MemoryKeys.logMillis(key) < cutoff.toEpochMilli()) {
        deletes.add(key);
      }
    }
    return pruned;
  }

  private static void delete(MemoryScope scope, Found found, Set<String> deletes) {
    deletes.add(found.key());
    deletes.add(MemoryKeys.seq(scope, found.record().seq()));
  }

  private static List<Found> under(PlannedMutate.Reads reads, String prefix) {
    List<Found> found = new ArrayList<>();
    for (String key : reads.keys(prefix)) {
      reads.get(key).ifPresent(value -> found.add(new Found(key, MemoryRecord.fromJson(key, value))));
    }
    return found;
  }

  /** Whether {@code other} is {@code id} followed by one or more {@code #N} segments (N decimal digits). */
  static boolean isSegment(String other, String id) {
    return other.startsWith(id) && SEGMENTS.matcher(other).region(id.length(), other.length()).matches();
  }
}
