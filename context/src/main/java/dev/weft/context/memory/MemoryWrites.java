package dev.weft.context.memory;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.weft.context.embed.EmbedderIdentity;
import dev.weft.context.error.ExitStatus;
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

/** Remember and forget, each one {@link PlannedMutate} (one {@link Store#mutate}). */
final class MemoryWrites {
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
      throw new IllegalArgumentException("episode '" + id + "' occurred at " + occurredAt + ", before the episode "
          + "window of " + episodeWindow + " (cutoff " + cutoff + "), so it would be pruned at once; remember it "
          + "as a fact, or widen the window");
    }
    return PlannedMutate.apply(store, "remember '" + id + "' in scope " + scope, reads -> {
      Map<String, JsonNode> writes = new HashMap<>();
      Set<String> deletes = new HashSet<>();
      if (embedding != null) {
        oneModel(reads, embedding.identity(), writes);
      }
      Optional<Found> existing = find(reads, scope, id);
      existing.ifPresent(found -> deletes.add(found.key()));
      long seq;
      if (existing.isPresent()) {
        seq = existing.get().record().seq();
      } else {
        seq = reads.get(MemoryKeys.counter(scope)).map(c -> c.path("last").asLong()).orElse(0L) + 1;
        writes.put(MemoryKeys.counter(scope), JsonNodeFactory.instance.objectNode().put("last", seq));
      }
      if (existing.isEmpty() || existing.get().record().kind() != kind) {
        writes.put(MemoryKeys.seq(scope, seq), JsonNodeFactory.instance.objectNode().put("id", id)
            .put("kind", kind.id()));
      }
      Instant createdAt = existing.map(f -> f.record().createdAt()).orElse(now);
      JsonNode meta = options.meta() != null ? options.meta() : existing.map(f -> f.record().meta()).orElse(null);
      MemoryRecord record = new MemoryRecord(id, text, kind, options.byOrDefault(), scope, occurredAt, createdAt,
          now, seq, meta, Optional.ofNullable(embedding).map(StoredEmbedding::identity));
      ObjectNode value = record.toJson();
      JsonNode vector = embedding != null ? embedding.toJson() : keptVector(reads, existing, text);
      if (vector != null) {
        value.set(StoredEmbedding.FIELD, vector);
        record = MemoryRecord.fromJson(MemoryKeys.item(scope, kind, id), value);
      }
      String key = MemoryKeys.item(scope, kind, id);
      deletes.remove(key);
      writes.put(key, value);
      int pruned = 0;
      if (kind == MemoryKind.EPISODE) {
        pruned = prune(reads, scope, key, cutoff, deletes);
      }
      return new PlannedMutate.Plan<>(writes, deletes,
          new Remembered(record, existing.isEmpty(), pruned, embedFailure));
    });
  }

  /**
   * One embedder per memory store: the first vector records its identity in {@link MemoryKeys#CONFIG}, and a vector
   * of another model is refused rather than stored beside it (recall could never compare the two).
   */
  private static void oneModel(PlannedMutate.Reads reads, EmbedderIdentity identity, Map<String, JsonNode> writes) {
    Optional<EmbedderIdentity> recorded = MemoryKeys.embedder(reads.get(MemoryKeys.CONFIG));
    if (recorded.isEmpty()) {
      writes.put(MemoryKeys.CONFIG, JsonNodeFactory.instance.objectNode().put("model", identity.model())
          .put("dims", identity.dims()));
    } else if (!EmbedderIdentity.sameIdentity(recorded.get(), identity)) {
      throw new WeftException(ExitStatus.BAD_INPUT, "this memory's vectors are made by " + recorded.get()
          + " (recorded in " + MemoryKeys.CONFIG + ") and this write was embedded by " + identity + "; vectors of "
          + "different models are never mixed — remember without naming an embedder (the recorded one is used), or "
          + "with one that makes " + recorded.get() + " vectors");
    }
  }

  /** Removes {@code id} and its segments ({@code id#2}, {@code id#2#1}), never a sibling ({@code idx}). */
  int forget(MemoryScope scope, String id) {
    return PlannedMutate.apply(store, "forget '" + id + "' in scope " + scope, reads -> {
      Set<String> deletes = new HashSet<>();
      for (MemoryKind kind : MemoryKind.values()) {
        for (Found found : under(reads, MemoryKeys.item(scope, kind, id))) {
          String other = found.record().id();
          if (other.equals(id) || other.startsWith(id + "#")) {
            delete(scope, found, deletes);
          }
        }
      }
      return new PlannedMutate.Plan<>(Map.of(), deletes, deletes.size() / 2);
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
      return new PlannedMutate.Plan<>(Map.of(), deletes, deletes.size() / 2);
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
    for (Found found : under(reads, MemoryKeys.kind(scope, MemoryKind.EPISODE))) {
      if (!found.key().equals(written) && found.record().occurredAt().isBefore(cutoff)) {
        delete(scope, found, deletes);
        pruned++;
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
}
