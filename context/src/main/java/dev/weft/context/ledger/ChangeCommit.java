package dev.weft.context.ledger;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.weft.context.embed.EmbedderIdentity;
import dev.weft.context.error.ExitStatus;
import dev.weft.context.error.WeftException;
import dev.weft.context.ledger.LedgerKeys.Kind;
import dev.weft.context.store.Outcome;
import dev.weft.context.store.Scope;
import dev.weft.context.store.Store;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * {@link Ledger#commit}: every change of a {@link LedgerChanges} in ONE mutate, so a refinement lands whole or not
 * at all. Each record is checked as its single write checks it (evidence first) before the mutate; inside it, a
 * removal of a record that is gone, a skill name already live, or progress without an active goal throws, and
 * the mutate publishes nothing.
 */
final class ChangeCommit {
  private final Store store;
  private final LedgerOptions options;
  private final Records records;
  private final Goals goals;

  ChangeCommit(Store store, LedgerOptions options, Records records, Goals goals) {
    this.store = store;
    this.options = options;
    this.records = records;
    this.goals = goals;
  }

  LedgerChanges.Committed commit(LedgerChanges changes) {
    String at = options.clock().instant().toString();
    List<ObjectNode> memories = new ArrayList<>();
    for (LedgerChanges.Memory memory : changes.memories()) {
      ObjectNode value = records.memoryValue(memory.text(), memory.tags(), memory.evidence());
      records.embedOnWrite(value, memory.text());
      memories.add(value);
    }
    List<ObjectNode> skills = new ArrayList<>();
    for (LedgerChanges.Skill skill : changes.skills()) {
      ObjectNode value = Records.skillValue(skill.name(), skill.when(), skill.instructions(), skill.tags());
      records.embedOnWrite(value, Records.skillText(value));
      skills.add(value);
    }
    for (LedgerChanges.Progress entry : changes.progress()) {
      goals.checkProgress(entry.note(), entry.evidence());
    }
    Optional<String> goalKey = changes.progress().isEmpty() ? Optional.empty() : goals.currentKey();
    if (!changes.progress().isEmpty() && goalKey.isEmpty()) {
      throw Goals.noGoal();
    }
    List<String> keys = new ArrayList<>(List.of(LedgerKeys.COUNTERS, LedgerKeys.CONFIG, LedgerKeys.LIMITS));
    goalKey.ifPresent(keys::add);
    Scope scope = Scope.of(List.of(Kind.MEMORY.prefix(), Kind.SKILL.prefix()), keys);
    return store.mutate(scope, current -> {
      Map<String, JsonNode> next = new TreeMap<>(current);
      List<String> removed = new ArrayList<>();
      for (String address : changes.removals()) {
        Kind kind = address.startsWith(Kind.SKILL.label() + ":") ? Kind.SKILL : Kind.MEMORY;
        String key = kind.key(LedgerKeys.seq(kind, address));
        if (next.remove(key) == null) {
          throw new WeftException(ExitStatus.NOTHING_FOUND, "no " + address + " in the ledger to remove: it "
              + "changed since it was read; read the ledger again and propose against what it holds now");
        }
        removed.add(address);
      }
      Counters counters = Counters.of(current.get(LedgerKeys.COUNTERS));
      List<String> memoryIds = new ArrayList<>();
      for (ObjectNode value : memories) {
        memoryIds.add(put(next, current, Kind.MEMORY, counters.mint(Kind.MEMORY.label()), value, at));
      }
      List<String> skillIds = new ArrayList<>();
      for (ObjectNode value : skills) {
        String name = value.get("name").asText();
        next.forEach((key, held) -> {
          if (key.startsWith(Kind.SKILL.prefix()) && name.equals(held.path("name").asText())) {
            throw new IllegalArgumentException("a skill named '" + name + "' is already " + held.path("id")
                .asText() + ": replace that one instead of adding a second of the same name");
          }
        });
        skillIds.add(put(next, current, Kind.SKILL, counters.mint(Kind.SKILL.label()), value, at));
      }
      List<String> progressIds = new ArrayList<>();
      if (goalKey.isPresent()) {
        JsonNode goal = current.get(goalKey.get());
        if (goal == null) {
          throw Goals.noGoal(); // rolled back since it was looked up
        }
        next.put(goalKey.get(), goals.appendAll((ObjectNode) goal, changes.progress(), counters,
            current.get(LedgerKeys.LIMITS), at, progressIds));
      }
      next.put(LedgerKeys.COUNTERS, counters.toJson());
      return Outcome.write(next, new LedgerChanges.Committed(memoryIds, skillIds, progressIds, removed));
    });
  }

  private static String put(Map<String, JsonNode> next, Map<String, JsonNode> current, Kind kind, long seq,
      ObjectNode value, String at) {
    Optional<EmbedderIdentity> embedded = Records.embeddedBy(value);
    embedded.ifPresent(identity -> LedgerEmbedder.checkWrite(current, identity, next));
    next.put(kind.key(seq), Records.stamped(value, kind.address(seq), at));
    return kind.address(seq);
  }
}
