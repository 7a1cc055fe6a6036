package dev.weft.context.ledger;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.weft.context.error.ExitStatus;
import dev.weft.context.error.WeftException;
import dev.weft.context.ledger.CheckpointItem.Source;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Goal checkpoints: a goal's progress folded into unique (note, evidence) items, each listing every entry it
 * stands for with the entry's id and timestamp, so nothing is lost. The deterministic fold and a host reducer's
 * answer pass the same {@link #validate} before they replace the raw entries.
 */
public final class Checkpoints {
  private Checkpoints() {}

  /** What a fold starts from: the goal's previous checkpoint items, then each raw entry as an item of its own. */
  static List<CheckpointItem> inputOf(JsonNode goal) {
    List<CheckpointItem> items = new ArrayList<>(itemsOf(goal.path("checkpoint").path("items")));
    for (JsonNode entry : goal.path("progress")) {
      items.add(new CheckpointItem(entry.path("note").asText(), entry.path("evidence"),
          List.of(new Source(entry.path("id").asText(), entry.path("at").asText()))));
    }
    return items;
  }

  /** The deterministic fold: items with equal note and evidence merged, in order of first appearance. */
  public static List<CheckpointItem> deterministic(List<CheckpointItem> input) {
    Map<String, List<Source>> sources = new LinkedHashMap<>();
    Map<String, CheckpointItem> first = new HashMap<>();
    for (CheckpointItem item : input) {
      String pair = LedgerJson.text(LedgerJson.strings(List.of(item.note(), LedgerJson.text(item.evidence()))));
      first.putIfAbsent(pair, item);
      sources.computeIfAbsent(pair, k -> new ArrayList<>()).addAll(item.sources());
    }
    List<CheckpointItem> out = new ArrayList<>();
    sources.forEach((pair, from) -> out.add(new CheckpointItem(first.get(pair).note(), first.get(pair).evidence(),
        from)));
    return out;
  }

  /**
   * Refuses a fold that is not lossless: every source of the input must appear in exactly one output item with
   * its timestamp, no output item may name a source the input lacks or have none, and an item's evidence must
   * be the evidence of every source it names. With {@code exactNotes} (the deterministic fold) notes must be
   * kept too.
   *
   * @throws WeftException (bad input) naming the first rule broken and the source at fault
   */
  public static void validate(List<CheckpointItem> input, List<CheckpointItem> output, boolean exactNotes) {
    Map<String, CheckpointItem> bySource = new HashMap<>();
    Map<String, String> at = new HashMap<>();
    for (CheckpointItem item : input) {
      for (Source source : item.sources()) {
        bySource.put(source.id(), item);
        at.put(source.id(), source.at());
      }
    }
    Map<String, Integer> seen = new HashMap<>();
    for (int i = 0; i < output.size(); i++) {
      CheckpointItem item = output.get(i);
      if (item.sources().isEmpty()) {
        throw rejected("item " + i + " ('" + item.note() + "') names no source: it invents progress");
      }
      for (Source source : item.sources()) {
        CheckpointItem from = bySource.get(source.id());
        if (from == null) {
          throw rejected("item " + i + " names source " + source.id() + ", which is not a progress entry of the "
              + "goal: it invents one");
        }
        if (seen.put(source.id(), i) != null) {
          throw rejected("source " + source.id() + " appears in items " + seen.get(source.id()) + " and " + i
              + ": it duplicates evidence");
        }
        if (!source.at().equals(at.get(source.id()))) {
          throw rejected("source " + source.id() + " has timestamp " + source.at() + " but was recorded at "
              + at.get(source.id()));
        }
        if (!from.evidence().equals(item.evidence())) {
          throw rejected("item " + i + " changes the evidence of " + source.id() + " from "
              + LedgerJson.text(from.evidence()) + " to " + LedgerJson.text(item.evidence()));
        }
        if (exactNotes && !from.note().equals(item.note())) {
          throw rejected("item " + i + " changes the note of " + source.id());
        }
      }
    }
    for (String source : bySource.keySet()) {
      if (!seen.containsKey(source)) {
        throw rejected("source " + source + " is in no item: it drops evidence " + LedgerJson.text(
            bySource.get(source).evidence()));
      }
    }
  }

  static ObjectNode toJson(List<CheckpointItem> items, String by, String at) {
    ObjectNode checkpoint = LedgerJson.object();
    checkpoint.put("by", by);
    checkpoint.put("at", at);
    ArrayNode array = checkpoint.putArray("items");
    for (CheckpointItem item : items) {
      ObjectNode node = array.addObject();
      node.put("note", item.note());
      node.set("evidence", item.evidence().deepCopy());
      ArrayNode sources = node.putArray("sources");
      for (Source source : item.sources()) {
        sources.addObject().put("id", source.id()).put("at", source.at());
      }
    }
    return checkpoint;
  }

  static List<CheckpointItem> itemsOf(JsonNode items) {
    List<CheckpointItem> out = new ArrayList<>();
    for (JsonNode item : items) {
      List<Source> sources = new ArrayList<>();
      for (JsonNode source : item.path("sources")) {
        sources.add(new Source(source.path("id").asText(), source.path("at").asText()));
      }
      out.add(new CheckpointItem(item.path("note").asText(), item.path("evidence"), sources));
    }
    return out;
  }

  private static WeftException rejected(String why) {
    return new WeftException(ExitStatus.BAD_INPUT, "checkpoint rejected: " + why
        + "; the raw progress entries are kept");
  }
}
