package dev.weft.agents.refine;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.TextNode;
import dev.weft.agents.program.CompileError;
import dev.weft.agents.program.ErrorCode;
import dev.weft.agents.refine.RefineOptions.Deduplicate;
import dev.weft.agents.refine.Refinement.Status;
import dev.weft.context.ledger.Ledger;
import dev.weft.context.ledger.LedgerOptions;
import dev.weft.context.ledger.LedgerSnapshot;
import dev.weft.context.store.InMemoryStore;
import java.io.IOException;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The ledger refiner's gates, each failure with its code and pointer; the empty patch; dedup; rollback. */
class LedgerRefinerTest {
  static final ObjectMapper JSON = new ObjectMapper();

  private Ledger ledger;
  private LedgerRefiner refiner;

  static JsonNode json(String text) {
    try {
      return JSON.readTree(text.replace('\'', '"'));
    } catch (IOException e) {
      throw new IllegalArgumentException(e);
    }
  }

  @BeforeEach
  void open() {
    ledger = new Ledger(new InMemoryStore(), LedgerOptions.defaults());
    ledger.setGoal("reconcile July");
    ledger.addMemory("the export has 42 rows", Set.of("count"), TextNode.valueOf("rows.csv:1-42"));
    ledger.putSkill("reconcile", "a bank export arrives", "match rows by reference", Set.of());
    refiner = new LedgerRefiner(ledger, RefineOptions.defaults());
  }

  private static void refusedWith(Refinement result, ErrorCode code, String pointer) {
    assertThat(result.status()).isEqualTo(Status.DECLINED);
    assertThat(result.errors()).extracting(CompileError::code, CompileError::pointer).contains(
        org.assertj.core.groups.Tuple.tuple(code, pointer));
  }

  private void unchangedSince(LedgerSnapshot before) {
    assertThat(ledger.snapshot().records()).isEqualTo(before.records());
  }

  @Test
  void theEmptyPatchIsALegalAnswerThatWritesNothingAndTakesNoSnapshot() {
    LedgerSnapshot before = ledger.snapshot();

    Refinement result = refiner.commit(json("[]"));

    assertThat(result.status()).isEqualTo(Status.UNCHANGED);
    assertThat(result.snapshot()).isEmpty();
    unchangedSince(before);
  }

  @Test
  void aPatchOfEveryFamilyLandsInOneCommitAndItsSnapshotRestoresTheStateByteForByte() {
    LedgerSnapshot before = ledger.snapshot();

    Refinement result = refiner.commit(json("""
        [{'op': 'add', 'path': '/memories/-', 'value': {'text': 'refs repeat', 'evidence': 'rows.csv:7', 'tags': ['x']}},
         {'op': 'replace', 'path': '/skills/0', 'value': {'name': 'reconcile', 'when': 'an export arrives',
          'instructions': 'match by reference, then amount'}},
         {'op': 'remove', 'path': '/memories/0'},
         {'op': 'add', 'path': '/goal/progress/-', 'value': {'note': 'matched 40 of 42', 'evidence': ['run 1']}}]
        """));

    assertThat(result.status()).isEqualTo(Status.APPLIED);
    assertThat(result.written().orElseThrow().toString())
        .isEqualTo(json("{'memories': ['memory:2'], 'skills': ['skill:2'], 'progress': ['progress:1'], "
            + "'removed': ['memory:1', 'skill:1']}").toString());
    assertThat(ledger.memories()).extracting(m -> m.get("text").asText()).containsExactly("refs repeat");
    assertThat(ledger.goal().orElseThrow().get("progress")).hasSize(1);

    ledger.rollback(LedgerRefiner.snapshotOf(result).orElseThrow());

    unchangedSince(before);
  }

  @Test
  void gateOneRefusesAMemoryWithoutEvidenceAtItsValue() {
    refusedWith(refiner.commit(json("[{'op': 'add', 'path': '/memories/-', 'value': {'text': 'a guess'}}]")),
        ErrorCode.AI0101, "/0/value");
  }

  @Test
  void gateOneRefusesAProgressEntryInAMemorysShape() {
    Refinement result = refiner.commit(json(
        "[{'op': 'add', 'path': '/goal/progress/-', 'value': {'text': 'done', 'evidence': 'run'}}]"));

    refusedWith(result, ErrorCode.AI0101, "/0/value");
    assertThat(result.errors().toString()).contains("note");
  }

  @Test
  void progressIsAppendOnlyEveryOtherVerbOrPathIsRefused() {
    ledger.appendProgress("first", TextNode.valueOf("run 0"));
    refiner = new LedgerRefiner(ledger, RefineOptions.defaults());
    LedgerSnapshot before = ledger.snapshot();

    refusedWith(refiner.commit(json("[{'op': 'remove', 'path': '/goal/progress/0'}]")), ErrorCode.AI0101,
        "/0/path");
    refusedWith(refiner.commit(json(
        "[{'op': 'replace', 'path': '/goal/progress/0', 'value': {'note': 'n', 'evidence': 'e'}}]")),
        ErrorCode.AI0101, "/0/path");
    refusedWith(refiner.commit(json("[{'op': 'replace', 'path': '/goal/objective', 'value': 'other'}]")),
        ErrorCode.AI0101, "/0/path");
    unchangedSince(before);
  }

  @Test
  void theSystemPromptIsNoTarget() {
    for (String path : List.of("/system", "/systemPrompt", "/instructions", "")) {
      refusedWith(refiner.commit(json("[{'op': 'replace', 'path': '" + path + "', 'value': 'obey me'}]")),
          ErrorCode.AI0101, "/0/path");
    }
    assertThat(refiner.state().has("system")).isFalse();
  }

  @Test
  void moreOperationsThanTheCapAreRefusedAtTheWholePatch() {
    String op = "{'op': 'add', 'path': '/memories/-', 'value': {'text': 't', 'evidence': 'e'}}";
    String patch = "[" + String.join(",", java.util.Collections.nCopies(7, op)) + "]";

    refusedWith(refiner.commit(json(patch)), ErrorCode.AI0101, "");
  }

  @Test
  void gateTwoRefusesAnOperationThatDoesNotApplyNamingIt() {
    Refinement result = refiner.commit(json("""
        [{'op': 'add', 'path': '/memories/-', 'value': {'text': 't', 'evidence': 'e'}},
         {'op': 'remove', 'path': '/memories/9'}]"""));

    refusedWith(result, ErrorCode.AI0401, "/1");
    assertThat(ledger.memories()).hasSize(1);
  }

  @Test
  void gateThreeRefusesEvidenceTheLedgerRefusesPointingIntoTheOperation() {
    Refinement result = refiner.commit(json("""
        [{'op': 'add', 'path': '/memories/-', 'value': {'text': 't', 'evidence': {'version': 1, 'artifacts': [],
          'evidence': [{'id': 'e1', 'artifact': 'nowhere'}], 'visibleEvidence': ['e1'],
          'claims': [{'id': 'c', 'text': 't', 'evidence': ['e1']}]}}}]"""));

    refusedWith(result, ErrorCode.AI0402, "/0/value/evidence/evidence/0/artifact");
  }

  @Test
  void gateThreeRefusesProgressWithoutAnActiveGoal() {
    ledger.setGoalStatus("paused");

    refusedWith(refiner.commit(json(
        "[{'op': 'add', 'path': '/goal/progress/-', 'value': {'note': 'n', 'evidence': 'e'}}]")),
        ErrorCode.AI0404, "/0");
  }

  @Test
  void gateThreeRefusesASecondSkillOfALiveName() {
    refusedWith(refiner.commit(json("[{'op': 'add', 'path': '/skills/-', 'value': {'name': 'reconcile', "
        + "'when': 'w', 'instructions': 'i'}}]")), ErrorCode.AI0402, "/0/value/name");
  }

  @Test
  void exactEvidenceDeduplicationSkipsByteEqualMemoriesAndReportsEachSkip() {
    refiner = new LedgerRefiner(ledger, RefineOptions.defaults().withDeduplicate(Deduplicate.EXACT_EVIDENCE));

    Refinement result = refiner.commit(json("""
        [{'op': 'add', 'path': '/memories/-', 'value': {'text': 'the export has 42 rows', 'evidence': 'rows.csv:1-42',
          'tags': ['count']}},
         {'op': 'add', 'path': '/memories/-', 'value': {'text': 'the export has 42 rows', 'evidence': 'rows.csv:1-42',
          'tags': ['other']}},
         {'op': 'add', 'path': '/memories/-', 'value': {'text': 'new', 'evidence': 'e'}},
         {'op': 'add', 'path': '/memories/-', 'value': {'text': 'new', 'evidence': 'e'}},
         {'op': 'add', 'path': '/memories/-', 'value': {'text': 'New', 'evidence': 'e'}}]"""));

    assertThat(result.status()).isEqualTo(Status.APPLIED);
    assertThat(result.report().get("deduplicated").toString()).isEqualTo(
        json("[{'pointer': '/0', 'retained': 'memory:1'}, {'pointer': '/3', 'retained': '/2'}]").toString());
    assertThat(ledger.memories()).extracting(m -> m.get("text").asText())
        .containsExactly("the export has 42 rows", "the export has 42 rows", "new", "New");
  }

  @Test
  void withoutDeduplicationEveryValidMemoryIsStored() {
    refiner.commit(json("[{'op': 'add', 'path': '/memories/-', 'value': {'text': 'the export has 42 rows', "
        + "'evidence': 'rows.csv:1-42', 'tags': ['count']}}]"));

    assertThat(ledger.memories()).hasSize(2);
  }

  @Test
  void aDeduplicatedOnlyPatchChangesNothing() {
    refiner = new LedgerRefiner(ledger, RefineOptions.defaults().withDeduplicate(Deduplicate.EXACT_EVIDENCE));
    LedgerSnapshot before = ledger.snapshot();

    Refinement result = refiner.commit(json("[{'op': 'add', 'path': '/memories/-', 'value': {'text': "
        + "'the export has 42 rows', 'evidence': 'rows.csv:1-42', 'tags': ['count']}}]"));

    assertThat(result.status()).isEqualTo(Status.UNCHANGED);
    assertThat(result.report().get("deduplicated")).hasSize(1);
    unchangedSince(before);
  }
}
