package dev.weft.agents.compact;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.TextNode;
import dev.weft.agents.loop.Agent;
import dev.weft.agents.loop.AgentCallbacks;
import dev.weft.agents.loop.AgentOptions;
import dev.weft.agents.loop.AgentRun;
import dev.weft.agents.model.ChatClient;
import dev.weft.agents.model.ChatMessage;
import dev.weft.agents.model.stub.StubChatServer;
import dev.weft.agents.model.stub.StubReply;
import dev.weft.agents.model.stub.StubReply.ToolCall;
import dev.weft.agents.model.stub.StubReply.Usage;
import dev.weft.agents.model.stub.StubRequest;
import dev.weft.agents.tool.Toolbox;
import dev.weft.context.ledger.Ledger;
import dev.weft.context.ledger.LedgerOptions;
import dev.weft.context.store.InMemoryStore;
import dev.weft.models.http.Backoff;
import dev.weft.models.http.EndpointConfig;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The loop with compaction that moves, end to end: a stub model gathers 40 records through {@code lookup} under a
 * 6,000-character history budget, the early rounds leave the requests for the ledger, and when the model needs an
 * early record it calls {@code recall_round} for that round and answers with the value it got back.
 */
class AgentHistoryBudgetTest {
  private static final int ROUNDS = 40;
  private static final int ASKED = 3;
  private static final Usage USAGE = new Usage(10, 5);

  @Test
  void aDroppedRoundsFactComesBackThroughRecallRound() throws IOException {
    Ledger ledger = new Ledger(new InMemoryStore(), LedgerOptions.defaults());
    HistoryBudget policy = HistoryBudget.archiving(6_000, new RoundArchive(ledger, "gather-1", 8_000));
    try (StubChatServer stub = new StubChatServer()) {
      stub.replies(AgentHistoryBudgetTest::model);
      Agent agent = new Agent(client(stub), lookup(), AgentOptions.defaults().withSystemPrompt(Gathering.SYSTEM)
          .withMaxToolRounds(ROUNDS + 1).withContextPolicy(policy));

      AgentRun run = agent.send(List.of(ChatMessage.user(Gathering.USER)), AgentCallbacks.NONE);

      assertThat(run.completed()).as(run.stopMessage()).isTrue();
      assertThat(run.answer()).isEqualTo(Gathering.id(ASKED) + " is " + Gathering.value(ASKED));
      // the request that asked for the round no longer carried it: only the ledger did
      StubRequest asking = stub.requests().get(ROUNDS);
      assertThat(asking.body().toString()).doesNotContain(Gathering.value(ASKED))
          .contains("recall_round", "agent/gather-1/round/");
      assertThat(stub.requests().get(ROUNDS + 1).lastMessage("tool")).contains(Gathering.value(ASKED));
      assertThat(ledger.slotsNamed("agent/gather-1/round/")).containsKey("agent/gather-1/round/" + ASKED);
      // the run's transcript is the whole conversation: every round, the recall, the answer
      assertThat(run.transcript()).hasSize(2 + 2 * ROUNDS + 2 + 1);
    }
  }

  /** The scripted model: 40 lookups, then recall_round for round 3, then the value read from its answer. */
  private static StubReply model(StubRequest request) {
    int call = request.call();
    if (call <= ROUNDS) {
      return StubReply.toolCalls(List.of(new ToolCall("call_" + call, "lookup",
          "{\"id\":\"" + Gathering.id(call) + "\"}")), USAGE);
    }
    if (call == ROUNDS + 1) {
      return StubReply.toolCalls(List.of(new ToolCall("recall", RoundArchive.TOOL, "{\"round\": " + ASKED + "}")),
          USAGE);
    }
    Matcher value = Pattern.compile("record " + Gathering.id(ASKED) + " value (V[0-9]+-[0-9a-z]+)")
        .matcher(request.lastMessage("tool"));
    return StubReply.text(value.find() ? Gathering.id(ASKED) + " is " + value.group(1) : "not found", USAGE);
  }

  private static Toolbox lookup() {
    JsonNode schema = JsonNodeFactory.instance.objectNode().put("type", "object");
    return new Toolbox().add("lookup", "Looks a record up by id.", schema,
        input -> TextNode.valueOf(Gathering.result(Integer.parseInt(input.path("id").asText().substring(2)))));
  }

  private static ChatClient client(StubChatServer stub) {
    EndpointConfig config = EndpointConfig.of(stub.baseUrl(), "stub-model").withApiKeyEnv("AGENT_KEY")
        .withTimeout(Duration.ofSeconds(30)).withMaxRetries(0);
    return new ChatClient(config, Map.<String, String>of()::get, duration -> { }, Backoff.DEFAULT);
  }
}
