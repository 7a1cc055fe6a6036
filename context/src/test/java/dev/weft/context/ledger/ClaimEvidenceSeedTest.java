package dev.weft.context.ledger;

import static dev.weft.context.ledger.Fixtures.json;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Envelope v1 as the seed documents it: its own example is accepted, and its fields are checked. */
class ClaimEvidenceSeedTest extends LedgerTestCase {
  private final ClaimEvidence evidence = new ClaimEvidence(ChunkTexts.NONE);

  private static ObjectNode seed() throws Exception {
    return (ObjectNode) new ObjectMapper().readTree(
        Files.readString(Path.of("../testdata/claim-evidence/seed-envelope-v1.json")));
  }

  @Test
  void theSeedsExampleEnvelopeIsAcceptedAsEvidenceAndAsAMemorysEvidence() throws Exception {
    assertThatCode(() -> ledger.validateClaimEvidence(seed(), Set.of())).doesNotThrowAnyException();

    String id = ledger.addMemory("there are 42 rows", Set.of("count"), seed()).id();

    assertThat(ledger.get(id).orElseThrow().get("evidence")).isEqualTo(seed());
  }

  @Test
  void anUnresolvedCriticalClaimIsRefusedAtItsStatus() throws Exception {
    ObjectNode envelope = seed();
    ((ObjectNode) envelope.get("claims").get(0)).put("status", "unresolved");

    refused(envelope, "/claims/0/status", "critical claim 'count' is unresolved");
  }

  @Test
  void anUnknownStatusABlankLocatorOrSelectorAndAMetadataThatIsNoObjectAreRefusedByPointer() throws Exception {
    ObjectNode status = seed();
    ((ObjectNode) status.get("claims").get(0)).put("status", "proven");
    refused(status, "/claims/0/status", "status must be one of [supported, unresolved]");

    ObjectNode locator = seed();
    ((ObjectNode) locator.get("artifacts").get(0)).put("locator", " ");
    refused(locator, "/artifacts/0/locator", "a non-empty string is required");

    ObjectNode selector = seed();
    ((ObjectNode) selector.get("evidence").get(0)).put("selector", "");
    refused(selector, "/evidence/0/selector", "a non-empty string is required");

    ObjectNode metadata = seed();
    ((ObjectNode) metadata.get("artifacts").get(0)).put("metadata", "rows");
    refused(metadata, "/artifacts/0/metadata", "metadata must be an object");
  }

  @Test
  void everySeedFieldIsAcceptedAndKeysOutsideV1StayRefused() throws Exception {
    ObjectNode full = seed();
    ((ObjectNode) full.get("artifacts").get(0)).put("digest", "sha256:ab").set("metadata", json("{'rows': 42}"));
    ((ObjectNode) full.get("evidence").get(0)).put("selector", "rows 1-42");
    assertThatCode(() -> evidence.validateClaimEvidence(full, Set.of())).doesNotThrowAnyException();

    ObjectNode extra = seed();
    ((ObjectNode) extra.get("claims").get(0)).put("confidence", 0.9);
    refused(extra, "/claims/0/confidence", "unknown key 'confidence'");
  }

  private void refused(JsonNode envelope, String pointer, String message) {
    assertThatThrownBy(() -> evidence.validateClaimEvidence(envelope, Set.of()))
        .isInstanceOfSatisfying(ClaimEvidenceException.class, e -> assertThat(e.pointer()).isEqualTo(pointer))
        .hasMessageContaining(message);
  }
}
