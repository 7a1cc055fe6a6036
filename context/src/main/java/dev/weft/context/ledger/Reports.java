package dev.weft.context.ledger;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.weft.context.ledger.LedgerKeys.Kind;
import java.util.List;
import java.util.SortedMap;

/** The retention report and the footprint, read from one consistent copy of the ledger. */
final class Reports {
  private Reports() {}

  static JsonNode retention(SortedMap<String, JsonNode> ledger, Archive archive) {
    ObjectNode report = LedgerJson.object();
    report.set("archive", archive.report(ledger));
    ObjectNode goal = report.putObject("goal");
    JsonNode limits = ledger.get(LedgerKeys.LIMITS);
    goal.set("limits", limits == null ? LedgerJson.object() : limits.path(Limits.GOAL).deepCopy());
    List<String> goals = ledger.keySet().stream().filter(k -> k.startsWith(Kind.GOAL.prefix())).toList();
    if (goals.isEmpty()) {
      goal.putNull("current");
      return report;
    }
    JsonNode current = ledger.get(goals.get(goals.size() - 1));
    goal.put("current", current.path("id").asText());
    goal.put("entries", current.path("progress").size());
    goal.put("checkpointItems", current.path("checkpoint").path("items").size());
    goal.put("chars", Goals.chars(current));
    goal.put("bytes", LedgerJson.bytes(current));
    goal.put("overLimit", Goals.overLimit(current, limits));
    return report;
  }

  static JsonNode footprint(SortedMap<String, JsonNode> ledger) {
    ObjectNode footprint = LedgerJson.object();
    ObjectNode kinds = LedgerJson.object();
    long keys = 0;
    long bytes = 0;
    for (var entry : ledger.entrySet()) {
      String rest = entry.getKey().substring(LedgerKeys.ROOT.length());
      String kind = rest.contains("/") ? rest.substring(0, rest.indexOf('/')) : rest;
      long size = LedgerJson.bytes(entry.getValue());
      ObjectNode k = kinds.has(kind) ? (ObjectNode) kinds.get(kind) : kinds.putObject(kind);
      k.put("keys", k.path("keys").asLong() + 1);
      k.put("bytes", k.path("bytes").asLong() + size);
      keys++;
      bytes += size;
    }
    footprint.put("keys", keys);
    footprint.put("bytes", bytes);
    footprint.set("kinds", kinds);
    return footprint;
  }
}
