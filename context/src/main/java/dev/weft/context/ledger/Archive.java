package dev.weft.context.ledger;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.weft.context.ledger.LedgerKeys.Kind;
import dev.weft.context.store.Outcome;
import dev.weft.context.store.Scope;
import dev.weft.context.store.Store;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * Slots and their retention. A slot is metadata at {@code ledger/slot/N} and content at {@code ledger/slotdata/N}.
 * Eviction (over {@code archiveLimits}, or by {@code clearArchives}) deletes the content and turns the metadata into
 * a durable tombstone; it takes the oldest slots first and never one that is immutable or that a memory's or a
 * goal's evidence cites by address.
 */
final class Archive {
  private static final List<String> RETENTION_SCOPE = List.of(Kind.SLOT.prefix(), LedgerKeys.SLOT_DATA,
      Kind.MEMORY.prefix(), Kind.GOAL.prefix());

  private final Store store;
  private final LedgerOptions options;

  Archive(Store store, LedgerOptions options) {
    this.store = store;
    this.options = options;
  }

  /** Puts the entries as new slots in one mutate, then enforces the archive limits; answers their addresses. */
  List<String> put(List<ArchiveEntry> entries, boolean immutable) {
    if (entries.isEmpty()) {
      throw new IllegalArgumentException("putArchive needs at least one entry, got: none");
    }
    String at = now();
    List<String> ids = Mint.write(store, Kind.SLOT.label(), entries.size(), first -> {
      List<String> keys = new ArrayList<>();
      for (int i = 0; i < entries.size(); i++) {
        keys.add(Kind.SLOT.key(first + i));
        keys.add(LedgerKeys.slotDataKey(first + i));
      }
      return keys;
    }, List.of(), false, (first, current) -> {
      Map<String, JsonNode> puts = new TreeMap<>();
      List<String> addresses = new ArrayList<>();
      for (int i = 0; i < entries.size(); i++) {
        ArchiveEntry entry = entries.get(i);
        long seq = first + i;
        ObjectNode meta = LedgerJson.object();
        meta.put("id", Kind.SLOT.address(seq));
        meta.put("name", entry.name());
        meta.put("status", "live");
        meta.put("bytes", entry.text().getBytes(StandardCharsets.UTF_8).length);
        meta.put("immutable", immutable);
        meta.put("createdAt", at);
        meta.set("meta", entry.meta().deepCopy());
        puts.put(Kind.SLOT.key(seq), meta);
        puts.put(LedgerKeys.slotDataKey(seq), LedgerJson.object().put("text", entry.text()));
        addresses.add(Kind.SLOT.address(seq));
      }
      return new Mint.Written<>(puts, addresses);
    });
    enforce();
    return ids;
  }

  SlotRead read(String address) {
    long seq = LedgerKeys.seq(Kind.SLOT, address);
    Optional<JsonNode> meta = store.get(Kind.SLOT.key(seq));
    if (meta.isEmpty()) {
      return new SlotRead("absent", Optional.empty(), Optional.empty());
    }
    if ("evicted".equals(meta.get().path("status").asText())) {
      return new SlotRead("evicted", Optional.empty(), meta);
    }
    Optional<String> text = store.get(LedgerKeys.slotDataKey(seq)).map(data -> data.path("text").asText());
    return text.map(t -> new SlotRead("live", Optional.of(t), meta))
        .orElseGet(() -> new SlotRead("absent", Optional.empty(), meta));
  }

  /** Name to address of the slots whose names start with {@code prefix}; the last minted wins a shared name. */
  SortedMap<String, String> named(String prefix) {
    SortedMap<String, String> out = new TreeMap<>();
    for (String key : store.keys(Kind.SLOT.prefix())) {
      store.get(key).ifPresent(meta -> {
        String name = meta.path("name").asText();
        if (name.startsWith(prefix)) {
          out.put(name, meta.path("id").asText());
        }
      });
    }
    return out;
  }

  /** Stores the archive limits and enforces them at once; answers the addresses evicted. */
  List<String> setLimits(Map<String, Long> limits) {
    ObjectNode parsed = Limits.parse(Limits.ARCHIVE, limits, Limits.ARCHIVE_NAMES);
    store.mutate(Scope.keys(LedgerKeys.LIMITS), current -> {
      ObjectNode all = current.containsKey(LedgerKeys.LIMITS)
          ? ((ObjectNode) current.get(LedgerKeys.LIMITS)).deepCopy() : LedgerJson.object();
      all.set(Limits.ARCHIVE, parsed);
      return Outcome.write(Map.of(LedgerKeys.LIMITS, all), null);
    });
    return enforce();
  }

  /** Evicts the oldest evictable slots until the archive is within its limits; answers their addresses. */
  List<String> enforce() {
    return evict(false);
  }

  /** Evicts every slot that is neither immutable nor cited; answers their addresses. */
  List<String> clear() {
    return evict(true);
  }

  private List<String> evict(boolean all) {
    String at = now();
    List<String> scope = new ArrayList<>(RETENTION_SCOPE);
    return store.mutate(Scope.of(scope, List.of(LedgerKeys.LIMITS)), current -> {
      JsonNode limits = current.get(LedgerKeys.LIMITS);
      Set<String> cited = cited(current);
      List<String> live = liveSlots(current);
      long items = live.size();
      long bytes = live.stream().mapToLong(key -> current.get(key).path("bytes").asLong()).sum();
      Map<String, JsonNode> next = new TreeMap<>(current);
      List<String> evicted = new ArrayList<>();
      for (String key : live) {
        boolean over = Limits.over(limits, Limits.ARCHIVE, "maxItems", items)
            || Limits.over(limits, Limits.ARCHIVE, "maxBytes", bytes);
        if (!all && !over) {
          break;
        }
        JsonNode meta = current.get(key);
        if (meta.path("immutable").asBoolean() || cited.contains(meta.path("id").asText())) {
          continue;
        }
        ObjectNode tombstone = ((ObjectNode) meta).deepCopy();
        tombstone.put("status", "evicted");
        tombstone.put("evictedAt", at);
        tombstone.put("reason", all ? "clearArchives" : "archive limits " + limits.path(Limits.ARCHIVE));
        next.put(key, tombstone);
        next.remove(LedgerKeys.SLOT_DATA + key.substring(Kind.SLOT.prefix().length()));
        items--;
        bytes -= meta.path("bytes").asLong();
        evicted.add(meta.path("id").asText());
      }
      return evicted.isEmpty() ? Outcome.read(List.<String>of()) : Outcome.write(next, List.copyOf(evicted));
    });
  }

  /** The retention report's archive part. */
  ObjectNode report(SortedMap<String, JsonNode> ledger) {
    Set<String> cited = cited(ledger);
    List<String> live = liveSlots(ledger);
    long bytes = live.stream().mapToLong(key -> ledger.get(key).path("bytes").asLong()).sum();
    JsonNode limits = ledger.get(LedgerKeys.LIMITS);
    ObjectNode report = LedgerJson.object();
    report.set("limits", limits == null ? LedgerJson.object() : limits.path(Limits.ARCHIVE).deepCopy());
    report.put("live", live.size());
    report.put("liveBytes", bytes);
    report.put("evicted", ledger.keySet().stream().filter(k -> k.startsWith(Kind.SLOT.prefix()))
        .filter(k -> "evicted".equals(ledger.get(k).path("status").asText())).count());
    report.put("immutable", live.stream().filter(k -> ledger.get(k).path("immutable").asBoolean()).count());
    report.put("cited", live.stream().filter(k -> cited.contains(ledger.get(k).path("id").asText())).count());
    report.put("overLimit", Limits.over(limits, Limits.ARCHIVE, "maxItems", live.size())
        || Limits.over(limits, Limits.ARCHIVE, "maxBytes", bytes));
    return report;
  }

  private static List<String> liveSlots(SortedMap<String, JsonNode> current) {
    List<String> live = new ArrayList<>();
    current.forEach((key, value) -> {
      if (key.startsWith(Kind.SLOT.prefix()) && "live".equals(value.path("status").asText())) {
        live.add(key);
      }
    });
    return live;
  }

  /** Every string inside the evidence of memories and of goal progress and checkpoints: the slots they cite. */
  static Set<String> cited(SortedMap<String, JsonNode> current) {
    Set<String> cited = new HashSet<>();
    current.forEach((key, value) -> {
      if (key.startsWith(Kind.MEMORY.prefix())) {
        strings(value.path("evidence"), cited);
      } else if (key.startsWith(Kind.GOAL.prefix())) {
        value.path("progress").forEach(entry -> strings(entry.path("evidence"), cited));
        value.path("checkpoint").path("items").forEach(item -> strings(item.path("evidence"), cited));
      }
    });
    return cited;
  }

  private static void strings(JsonNode node, Set<String> into) {
    if (node.isTextual()) {
      into.add(node.textValue());
    } else {
      node.forEach(child -> strings(child, into));
    }
  }

  private String now() {
    return options.clock().instant().toString();
  }
}
