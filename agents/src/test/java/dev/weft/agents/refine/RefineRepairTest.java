package dev.weft.agents.refine;

import static dev.weft.agents.refine.LedgerRefinerTest.json;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.TextNode;
import dev.weft.agents.model.ChatClient;
import dev.weft.agents.model.stub.StubChatServer;
import dev.weft.agents.model.stub.StubReply;
import dev.weft.agents.program.ErrorCode;
import dev.weft.agents.refine.Refinement.Status;
import dev.weft.context.ledger.Ledger;
import dev.weft.context.ledger.LedgerOptions;
import dev.weft.context.ledger.LedgerSnapshot;
import dev.weft.context.program.CancelSignal;
import dev.weft.context.store.InMemoryStore;
import dev.weft.models.http.Backoff;
import dev.weft.models.http.EndpointConfig;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The repair round against the stub chat server, replies scripted one by one. */
@Timeout(60) // a guard against a hang, not a timing assertion
class RefineRepairTest {
  private static final String BAD = "[{\"op\":\"add\",\"path\":\"/memories/-\",\"value\":{\"text\":\"a guess\"}}]";
  private static final String GOOD = "[{\"op\":\"add\",\"path\":\"/memories/-\",\"value\":{\"text\":\"42 rows\","
      + "\"evidence\":\"rows.csv:1-42\"}}]";

  private StubChatServer stub;
  private Ledger ledger;
  private ChatClient client;

  @BeforeEach
  void open() throws IOException {
    stub = new StubChatServer();
    ledger = new Ledger(new InMemoryStore(), LedgerOptions.defaults());
    ledger.addMemory("stored", Set.of(), TextNode.valueOf("a source"));
    client = new ChatClient(EndpointConfig.of(stub.baseUrl(), "stub-model").withApiKeyEnv("K")
        .withTimeout(Duration.ofSeconds(20)).withMaxRetries(0), Map.of("K", "k")::get, wait -> { }, Backoff.DEFAULT);
  }

  @AfterEach
  void close() {
    stub.close();
  }

  private void script(String... replies) {
    List<String> scripted = List.of(replies);
    stub.replies(request -> StubReply.text(scripted.get(request.call() - 1)));
  }

  @Test
  void aRefusedFirstPatchIsRepairedOnceAndTheRepairIsApplied() {
    script(BAD, GOOD);

    Refinement result = new LedgerRefiner(ledger, RefineOptions.defaults()).refine(client, "read rows.csv",
        CancelSignal.none());

    assertThat(result.status()).isEqualTo(Status.APPLIED);
    assertThat(result.attempts()).isEqualTo(2);
    assertThat(ledger.memories()).extracting(m -> m.get("text").asText()).containsExactly("stored", "42 rows");
    assertThat(stub.requests()).hasSize(2);
    assertThat(stub.requests().get(0).outputSchema()).isPresent();
    String repair = stub.requests().get(1).userMessage();
    assertThat(repair).contains("AI0101 /0/value").contains("evidence");
    assertThat(stub.requests().get(1).lastMessage("assistant")).isEqualTo(BAD);
  }

  @Test
  void aSecondRefusedPatchIsDeclinedAndTheLedgerIsByteIdentical() {
    script(BAD, "not json at all");
    LedgerSnapshot before = ledger.snapshot();

    Refinement result = new LedgerRefiner(ledger, RefineOptions.defaults()).refine(client, "read rows.csv",
        CancelSignal.none());

    assertThat(result.status()).isEqualTo(Status.DECLINED);
    assertThat(result.attempts()).isEqualTo(2);
    assertThat(result.errors()).extracting(e -> e.code()).containsExactly(ErrorCode.AI0001);
    assertThat(stub.requests()).hasSize(2);
    assertThat(ledger.snapshot().records()).isEqualTo(before.records());
  }

  @Test
  void theEmptyPatchFromTheModelIsAcceptedWithoutARepair() {
    script("[]");

    Refinement result = new LedgerRefiner(ledger, RefineOptions.defaults()).refine(client, "nothing learned",
        CancelSignal.none());

    assertThat(result.status()).isEqualTo(Status.UNCHANGED);
    assertThat(stub.requests()).hasSize(1);
  }

  @Test
  void aRepairedPatchCanStillFailAtGateThreeAndIsThenDeclined() {
    script(BAD, json("[{'op': 'remove', 'path': '/memories/3'}]").toString());

    Refinement result = new LedgerRefiner(ledger, RefineOptions.defaults()).refine(client, "run",
        CancelSignal.none());

    assertThat(result.status()).isEqualTo(Status.DECLINED);
    assertThat(result.errors()).extracting(e -> e.code() + " " + e.pointer()).containsExactly("AI0401 /0");
  }
}
