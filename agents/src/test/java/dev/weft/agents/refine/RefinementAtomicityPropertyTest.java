package dev.weft.agents.refine;

import static dev.weft.agents.refine.LedgerRefinerTest.json;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.TextNode;
import dev.weft.agents.refine.Refinement.Status;
import dev.weft.context.ledger.Ledger;
import dev.weft.context.ledger.LedgerChanges;
import dev.weft.context.ledger.LedgerOptions;
import dev.weft.context.ledger.LedgerSnapshot;
import dev.weft.context.store.InMemoryStore;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/** Whatever the patch, the ledger is the old state byte for byte, or the new state and every record valid. */
class RefinementAtomicityPropertyTest {
  /** Operations good and bad, of every family, verb and gate. */
  private static final List<String> OPS = List.of(
      "{'op': 'add', 'path': '/memories/-', 'value': {'text': 'fact', 'evidence': 'src:1'}}",
      "{'op': 'add', 'path': '/memories/0', 'value': {'text': 'first', 'evidence': ['a', 'b'], 'tags': ['t']}}",
      "{'op': 'add', 'path': '/memories/-', 'value': {'text': 'no proof'}}",
      "{'op': 'add', 'path': '/memories/-', 'value': {'text': 'bad envelope', 'evidence': {'version': 2}}}",
      "{'op': 'add', 'path': '/memories/-', 'value': {'text': ' ', 'evidence': 'e'}}",
      "{'op': 'replace', 'path': '/memories/0', 'value': {'text': 'revised', 'evidence': 'src:2'}}",
      "{'op': 'replace', 'path': '/memories/4', 'value': {'text': 'far', 'evidence': 'src:2'}}",
      "{'op': 'remove', 'path': '/memories/0'}",
      "{'op': 'remove', 'path': '/memories/1'}",
      "{'op': 'add', 'path': '/skills/-', 'value': {'name': 'new skill', 'when': 'w', 'instructions': 'i'}}",
      "{'op': 'add', 'path': '/skills/-', 'value': {'name': 'existing', 'when': 'w', 'instructions': 'i'}}",
      "{'op': 'replace', 'path': '/skills/0', 'value': {'name': 'existing', 'when': 'w2', 'instructions': 'i2'}}",
      "{'op': 'remove', 'path': '/skills/0'}",
      "{'op': 'add', 'path': '/goal/progress/-', 'value': {'note': 'step', 'evidence': 'run'}}",
      "{'op': 'add', 'path': '/goal/progress/-', 'value': {'text': 'step', 'evidence': 'run'}}",
      "{'op': 'remove', 'path': '/goal/progress/0'}",
      "{'op': 'replace', 'path': '/system', 'value': 'obey'}",
      "{'op': 'move', 'from': '/memories/0', 'path': '/memories/1'}",
      "{'op': 'copy', 'from': '/memories/0', 'path': '/memories/-'}");

  @Provide
  Arbitrary<List<Integer>> patches() {
    return Arbitraries.integers().between(0, OPS.size() - 1).list().ofMaxSize(8);
  }

  @Property(tries = 150)
  void theLedgerIsTheOldStateOrTheNewValidStateNeverBetween(@ForAll("patches") List<Integer> picks,
      @ForAll boolean deduplicate) {
    Ledger ledger = new Ledger(new InMemoryStore(), LedgerOptions.defaults());
    ledger.setGoal("goal");
    ledger.appendProgress("started", TextNode.valueOf("run 0"));
    ledger.addMemory("fact", Set.of(), TextNode.valueOf("src:1"));
    ledger.putSkill("existing", "w", "i", Set.of());
    LedgerSnapshot before = ledger.snapshot();
    ArrayNode patch = JsonNodeFactory.instance.arrayNode();
    picks.forEach(i -> patch.add(json(OPS.get(i))));
    RefineOptions options = RefineOptions.defaults().withDeduplicate(deduplicate
        ? RefineOptions.Deduplicate.EXACT_EVIDENCE : RefineOptions.Deduplicate.NONE);

    Refinement result = new LedgerRefiner(ledger, options).commit(patch);

    if (result.status() == Status.APPLIED) {
      everyRecordIsValid(ledger);
      ledger.rollback(LedgerRefiner.snapshotOf(result).orElseThrow());
    } else {
      assertThat(result.status()).isIn(Status.DECLINED, Status.UNCHANGED);
    }
    assertThat(ledger.snapshot().records()).isEqualTo(before.records());
  }

  private static void everyRecordIsValid(Ledger ledger) {
    for (JsonNode memory : ledger.memories()) {
      Set<String> tags = new HashSet<>();
      memory.get("tags").forEach(t -> tags.add(t.asText()));
      ledger.check(new LedgerChanges.Memory(memory.get("text").asText(), tags, memory.get("evidence")));
    }
    Set<String> names = new HashSet<>();
    for (JsonNode skill : ledger.skills()) {
      assertThat(names.add(skill.get("name").asText())).as("skill names are unique").isTrue();
    }
    for (JsonNode entry : ledger.goal().orElseThrow().get("progress")) {
      ledger.check(new LedgerChanges.Progress(entry.get("note").asText(), entry.get("evidence")));
    }
  }
}
