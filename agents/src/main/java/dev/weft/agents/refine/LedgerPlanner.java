package dev.weft.agents.refine;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.weft.agents.program.CompileError;
import dev.weft.agents.program.ErrorCode;
import dev.weft.context.error.WeftException;
import dev.weft.context.ledger.ClaimEvidenceException;
import dev.weft.context.ledger.Ledger;
import dev.weft.context.ledger.LedgerChanges;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Gate 3 of the ledger refiner: reads the patched state against the state it was applied to. A record carrying an
 * {@code id} is a stored one and must be unchanged; a record without one is new and is checked by the ledger's own
 * rules ({@link Ledger#check}: evidence required, blank members refused); a stored record missing from the result
 * was removed. A replaced record is therefore a removal and a new record (a new address). Progress may only grow
 * at its end, and only on an active goal. Errors point into the patch: at the operation whose value made the record.
 */
final class LedgerPlanner {
  private final Ledger ledger;
  private final boolean deduplicate;

  LedgerPlanner(Ledger ledger, boolean deduplicate) {
    this.ledger = ledger;
    this.deduplicate = deduplicate;
  }

  LedgerPlan plan(JsonNode document, JsonNode candidate, JsonNode patch) {
    List<CompileError> errors = new ArrayList<>();
    List<String> removals = new ArrayList<>();
    Set<Integer> used = new HashSet<>();
    List<JsonNode> deduplicated = new ArrayList<>();
    List<LedgerChanges.Memory> memories = new ArrayList<>();
    List<Witness> witnesses = new ArrayList<>();
    for (JsonNode record : kept(document.path("memories"), candidate.path("memories"), "memories", removals, errors)) {
      witnesses.add(new Witness(record.path("text").asText(), record.path("evidence"), tags(record),
          record.path("id").asText()));
    }
    for (JsonNode record : candidate.path("memories")) {
      if (record.has("id")) {
        continue;
      }
      String at = source(patch, "/memories/", record, used);
      LedgerChanges.Memory memory = new LedgerChanges.Memory(record.path("text").asText(), tags(record),
          record.get("evidence"));
      if (!checked(() -> ledger.check(memory), at, errors)) {
        continue;
      }
      if (deduplicate) {
        Witness match = witnesses.stream().filter(w -> w.text().equals(memory.text())
            && w.evidence().toString().equals(memory.evidence().toString()) && w.tags().equals(memory.tags()))
            .findFirst().orElse(null);
        if (match != null) {
          ObjectNode skip = JsonNodeFactory.instance.objectNode().put("pointer", at).put("retained", match.at());
          deduplicated.add(skip);
          continue;
        }
        witnesses.add(new Witness(memory.text(), memory.evidence(), memory.tags(), at));
      }
      memories.add(memory);
    }
    List<String> skillNames = new ArrayList<>();
    for (JsonNode record : kept(document.path("skills"), candidate.path("skills"), "skills", removals, errors)) {
      skillNames.add(record.path("name").asText());
    }
    List<LedgerChanges.Skill> skills = new ArrayList<>();
    for (JsonNode record : candidate.path("skills")) {
      if (record.has("id")) {
        continue;
      }
      String at = source(patch, "/skills/", record, used);
      LedgerChanges.Skill skill = new LedgerChanges.Skill(record.path("name").asText(),
          record.path("when").asText(), record.path("instructions").asText(), tags(record));
      if (skillNames.contains(skill.name())) {
        errors.add(new CompileError(ErrorCode.AI0402, at + "/value/name", "a skill named '" + skill.name()
            + "' is already in the state: replace that one at its index instead of adding a second"));
      } else if (checked(() -> ledger.check(skill), at, errors)) {
        skillNames.add(skill.name());
        skills.add(skill);
      }
    }
    List<LedgerChanges.Progress> progress = progress(document.path("goal"), candidate.path("goal"), patch, used,
        errors);
    if (!errors.isEmpty()) {
      throw new RefinementRefusedException(errors);
    }
    return new LedgerPlan(new LedgerChanges(removals, memories, skills, progress), deduplicated);
  }

  /** The stored records {@code next} keeps (unchanged, by id); the rest of {@code previous} goes to removals. */
  private static List<JsonNode> kept(JsonNode previous, JsonNode next, String field, List<String> removals,
      List<CompileError> errors) {
    Map<String, JsonNode> stored = new HashMap<>();
    previous.forEach(record -> stored.put(record.path("id").asText(), record));
    Set<String> seen = new HashSet<>();
    List<JsonNode> kept = new ArrayList<>();
    for (int i = 0; i < next.size(); i++) {
      JsonNode record = next.get(i);
      if (!record.has("id")) {
        continue;
      }
      String id = record.path("id").asText();
      if (!record.equals(stored.get(id)) || !seen.add(id)) {
        errors.add(new CompileError(ErrorCode.AI0403, "", "/" + field + "/" + i + " (" + id + ") would be "
            + "edited in place or copied; replace a record whole at its index instead"));
        continue;
      }
      kept.add(record);
    }
    for (JsonNode record : previous) {
      if (!seen.contains(record.path("id").asText())) {
        removals.add(record.path("id").asText());
      }
    }
    return kept;
  }

  private List<LedgerChanges.Progress> progress(JsonNode before, JsonNode after, JsonNode patch, Set<Integer> used,
      List<CompileError> errors) {
    JsonNode old = before.path("progress");
    JsonNode now = after.path("progress");
    ObjectNode goalBefore = before.isObject() ? ((ObjectNode) before).deepCopy() : null;
    ObjectNode goalAfter = after.isObject() ? ((ObjectNode) after).deepCopy() : null;
    if (goalBefore != null && goalAfter != null) {
      goalBefore.remove("progress");
      goalAfter.remove("progress");
    }
    boolean prefixKept = now.size() >= old.size();
    for (int i = 0; prefixKept && i < old.size(); i++) {
      prefixKept = old.get(i).equals(now.get(i));
    }
    if (goalBefore == null || !goalBefore.equals(goalAfter) || !prefixKept) {
      errors.add(new CompileError(ErrorCode.AI0403, "", "the goal and its earlier progress are append-only: only "
          + "add at /goal/progress/-"));
      return List.of();
    }
    List<LedgerChanges.Progress> appended = new ArrayList<>();
    for (int i = old.size(); i < now.size(); i++) {
      JsonNode entry = now.get(i);
      String at = source(patch, "/goal/progress/", entry, used);
      if (!"active".equals(before.path("status").asText())) {
        errors.add(new CompileError(ErrorCode.AI0404, at, "progress goes to an active goal and the goal is '"
            + before.path("status").asText() + "': drop the progress entry, or record it as a memory"));
        continue;
      }
      LedgerChanges.Progress one = new LedgerChanges.Progress(entry.path("note").asText(), entry.get("evidence"));
      if (checked(() -> ledger.check(one), at, errors)) {
        appended.add(one);
      }
    }
    return appended;
  }

  /** Runs a ledger check, turning its refusal into {@code AI0402} at the operation's value. */
  private static boolean checked(Runnable check, String at, List<CompileError> errors) {
    try {
      check.run();
      return true;
    } catch (ClaimEvidenceException e) {
      errors.add(new CompileError(ErrorCode.AI0402, at + "/value/evidence" + e.pointer(), e.getMessage()));
    } catch (IllegalArgumentException | WeftException e) {
      errors.add(new CompileError(ErrorCode.AI0402, at + "/value", e.getMessage()));
    }
    return false;
  }

  /** The pointer of the first unused add/replace operation under {@code prefix} whose value is {@code record}. */
  private static String source(JsonNode patch, String prefix, JsonNode record, Set<Integer> used) {
    for (int i = 0; i < patch.size(); i++) {
      JsonNode op = patch.get(i);
      if (!used.contains(i) && op.path("path").asText().startsWith(prefix) && record.equals(op.get("value"))) {
        used.add(i);
        return "/" + i;
      }
    }
    return "";
  }

  private static Set<String> tags(JsonNode record) {
    Set<String> tags = new TreeSet<>();
    for (Iterator<JsonNode> it = record.path("tags").elements(); it.hasNext(); ) {
      tags.add(it.next().asText().strip());
    }
    return tags;
  }

  /** A memory new ones are compared with: stored and kept, or proposed earlier in the same patch. */
  private record Witness(String text, JsonNode evidence, Set<String> tags, String at) {}
}
