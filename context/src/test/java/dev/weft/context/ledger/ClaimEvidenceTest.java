package dev.weft.context.ledger;

import static dev.weft.context.ledger.Fixtures.json;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.assertThatCode;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ClaimEvidenceTest {
  /** The chunks a tiny index would hold: one by id, one by path and lines. */
  private static final ChunkTexts CHUNKS = new ChunkTexts() {
    @Override
    public Optional<String> chunk(String chunkId) {
      return Optional.ofNullable(Map.of("src/Pool.java#2", "int permits = 4;\n  refill(permits);").get(chunkId));
    }

    @Override
    public Optional<String> lines(String path, int firstLine, int lastLine) {
      return path.equals("README.md") && firstLine == 1 && lastLine == 3
          ? Optional.of("# Weft\nturns corpora into context") : Optional.empty();
    }
  };
  private final ClaimEvidence evidence = new ClaimEvidence(CHUNKS);

  private static ObjectNode valid() {
    return (ObjectNode) json("""
        {'version': 1,
         'artifacts': [{'id': 'a1', 'path': 'src/Pool.java'}],
         'evidence': [{'id': 'e1', 'artifact': 'a1', 'chunk': 'src/Pool.java#2', 'quote': 'refill( permits )'},
                      {'id': 'e2', 'artifact': 'slot:3', 'quote': 'anything'}],
         'visibleEvidence': ['e1'],
         'claims': [{'id': 'c1', 'text': 'the pool refills', 'critical': true, 'evidence': ['e1', 'e2']}]}
        """.replace("refill( permits )", "refill(permits)"));
  }

  private void refused(JsonNode envelope, String pointer, String message) {
    assertThatThrownBy(() -> evidence.validateClaimEvidence(envelope, Set.of("slot:3")))
        .isInstanceOfSatisfying(ClaimEvidenceException.class, e -> assertThat(e.pointer()).isEqualTo(pointer))
        .hasMessageContaining(message);
  }

  @Test
  void aWellFormedEnvelopeWithAHostArtifactPasses() {
    assertThatCode(() -> evidence.validateClaimEvidence(valid(), Set.of("slot:3"))).doesNotThrowAnyException();
  }

  @Test
  void anUnknownOrMissingVersionIsRefused() {
    ObjectNode v2 = valid().put("version", 2);
    refused(v2, "/version", "unknown claim-evidence version 2; this Weft reads versions [1]");
    ObjectNode none = valid();
    none.remove("version");
    refused(none, "/version", "an integer version is required");
  }

  @Test
  void badShapesAreRefusedByPointer() {
    ObjectNode extra = valid().put("colour", "red");
    refused(extra, "/colour", "unknown key 'colour'");
    ObjectNode noClaims = valid();
    noClaims.putArray("claims");
    refused(noClaims, "/claims", "at least one item is required");
    ObjectNode blankText = valid();
    ((ObjectNode) blankText.get("claims").get(0)).put("text", " ");
    refused(blankText, "/claims/0/text", "a non-empty string is required");
  }

  @Test
  void idsAreUniquePerClass() {
    ObjectNode dup = valid();
    ((ObjectNode) dup.get("evidence").get(1)).put("id", "e1");
    refused(dup, "/evidence/1/id", "id 'e1' is used twice in /evidence");
    ObjectNode sameAcrossClasses = valid();
    ((ObjectNode) sameAcrossClasses.get("claims").get(0)).put("id", "e1");
    assertThatCode(() -> evidence.validateClaimEvidence(sameAcrossClasses, Set.of("slot:3")))
        .doesNotThrowAnyException();
  }

  @Test
  void everyReferenceResolves() {
    assertThatThrownBy(() -> evidence.validateClaimEvidence(valid(), Set.of()))
        .hasMessageContaining("artifact 'slot:3' does not resolve: declared [a1], host []");
    ObjectNode wrongArtifact = valid();
    ((ObjectNode) wrongArtifact.get("evidence").get(1)).put("artifact", "a9");
    refused(wrongArtifact, "/evidence/1/artifact", "artifact 'a9' does not resolve: declared [a1], host [slot:3]");
    ObjectNode wrongEvidence = valid();
    ((com.fasterxml.jackson.databind.node.ArrayNode) wrongEvidence.get("claims").get(0).get("evidence")).add("e7");
    refused(wrongEvidence, "/claims/0/evidence/2", "evidence 'e7' does not resolve");
    ObjectNode notVisible = valid();
    notVisible.putArray("visibleEvidence").add("e9");
    refused(notVisible, "/visibleEvidence/0", "visible evidence 'e9' does not resolve to an evidence item");
  }

  @Test
  void aCriticalClaimNeedsVisibleEvidence() {
    ObjectNode hidden = valid();
    hidden.putArray("visibleEvidence").add("e2");
    ((ObjectNode) hidden.get("claims").get(0)).putArray("evidence").add("e1");
    refused(hidden, "/claims/0", "critical claim 'c1' is not supported");
  }

  @Test
  void aQuoteNotInTheCitedChunkIsRefusedByName() {
    ObjectNode wrongQuote = valid();
    ((ObjectNode) wrongQuote.get("evidence").get(0)).put("quote", "drain(permits)");
    refused(wrongQuote, "/evidence/0/quote", "the quote 'drain(permits)' is not in chunk src/Pool.java#2");
    ObjectNode unknownChunk = valid();
    ((ObjectNode) unknownChunk.get("evidence").get(0)).put("chunk", "src/Gone.java#0");
    refused(unknownChunk, "/evidence/0", "cites chunk src/Gone.java#0, which the index does not hold");
    ObjectNode byLines = valid();
    ((ObjectNode) byLines.get("evidence").get(0)).without("chunk");
    ((ObjectNode) byLines.get("evidence").get(0)).put("path", "README.md").put("lines", "1-3")
        .put("quote", "turns corpora   into context");
    assertThatCode(() -> evidence.validateClaimEvidence(byLines, Set.of("slot:3"))).doesNotThrowAnyException();
    ((ObjectNode) byLines.get("evidence").get(0)).put("lines", "3-1");
    refused(byLines, "/evidence/0/lines", "lines must satisfy 1 <= A <= B, got: '3-1'");
  }

  @Test
  void aMemoryWithABadEnvelopeIsRefusedAndOneWithAGoodEnvelopeIsKept() {
    TestStore store = new TestStore();
    Ledger ledger = new Ledger(store, LedgerOptions.defaults().withChunkTexts(CHUNKS));
    ledger.putArchive(java.util.List.of(new ArchiveEntry("tool output", "anything", json("{}"))), false);
    ledger.putArchive(java.util.List.of(new ArchiveEntry("more", "x", json("{}"))), false);
    ledger.putArchive(java.util.List.of(new ArchiveEntry("slot 3", "anything", json("{}"))), false);

    assertThat(ledger.addMemory("the pool refills", Set.of(), valid()).id()).isEqualTo("memory:1");
    assertThatThrownBy(() -> ledger.addMemory("v2", Set.of(), valid().put("version", 2)))
        .hasMessageContaining("unknown claim-evidence version 2");
    assertThat(store.keys("ledger/memory/")).hasSize(1);
  }
}
