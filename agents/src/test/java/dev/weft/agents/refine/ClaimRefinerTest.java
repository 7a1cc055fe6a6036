package dev.weft.agents.refine;

import static dev.weft.agents.refine.LedgerRefinerTest.json;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.weft.agents.program.ErrorCode;
import dev.weft.agents.refine.Refinement.Status;
import dev.weft.context.ledger.Ledger;
import dev.weft.context.ledger.LedgerOptions;
import dev.weft.context.store.InMemoryStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The claim refiner: the seed's envelope, changed only by patches the ledger's envelope rules accept. */
class ClaimRefinerTest {
  private final AtomicReference<JsonNode> stored = new AtomicReference<>();
  private ClaimRefiner refiner;

  @BeforeEach
  void open() throws Exception {
    stored.set(LedgerRefinerTest.JSON.readTree(
        Files.readString(Path.of("../testdata/claim-evidence/seed-envelope-v1.json"))));
    Ledger ledger = new Ledger(new InMemoryStore(), LedgerOptions.defaults());
    refiner = new ClaimRefiner(ledger, Set.of("slot:4"), 16, stored::get, stored::set, () -> {
      JsonNode before = stored.get();
      return () -> stored.set(before);
    });
  }

  @Test
  void aPatchCitingAHostAdmittedArtifactIsCommitted() {
    Refinement result = refiner.commit(json("""
        [{'op': 'add', 'path': '/evidence/-', 'value': {'id': 'log', 'artifact': 'slot:4', 'quote': 'rows: 42'}},
         {'op': 'add', 'path': '/visibleEvidence/-', 'value': 'log'},
         {'op': 'add', 'path': '/claims/0/evidence/-', 'value': 'log'}]"""));

    assertThat(result.status()).isEqualTo(Status.APPLIED);
    assertThat(stored.get().at("/claims/0/evidence").toString()).isEqualTo("[\"citation\",\"log\"]");
  }

  @Test
  void anEnvelopeTheLedgerRefusesIsDeclinedAtThePointerOfItsRule() {
    JsonNode before = stored.get();

    Refinement unresolved = refiner.commit(json("[{'op': 'replace', 'path': '/claims/0/status', "
        + "'value': 'unresolved'}]"));
    Refinement unadmitted = refiner.commit(json("[{'op': 'replace', 'path': '/evidence/0/artifact', "
        + "'value': 'slot:9'}]"));

    assertThat(unresolved.errors()).extracting(e -> e.code() + " " + e.pointer())
        .containsExactly(ErrorCode.AI0402 + " /claims/0/status");
    assertThat(unadmitted.errors()).extracting(e -> e.code() + " " + e.pointer())
        .containsExactly(ErrorCode.AI0402 + " /evidence/0/artifact");
    assertThat(stored.get()).isSameAs(before);
  }

  @Test
  void theVersionIsNoTargetAndARepairRoundShowsTheErrors() {
    Refinement result = refiner.refine((document, rejected) -> rejected.isEmpty()
        ? Proposer.Proposal.of(json("[{'op': 'replace', 'path': '/version', 'value': 2}]"))
        : Proposer.Proposal.of(json("[{'op': 'replace', 'path': '/claims/0/text', 'value': 'There are 42 "
            + "rows in July'}]")), 1);

    assertThat(result.status()).isEqualTo(Status.APPLIED);
    assertThat(result.attempts()).isEqualTo(2);
    assertThat(stored.get().at("/claims/0/text").asText()).isEqualTo("There are 42 rows in July");
    assertThat(Optional.of(stored.get().get("version").asInt())).contains(1);
  }
}
