package dev.weft.agents.compact;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import dev.weft.agents.model.ChatMessage;
import dev.weft.agents.model.ToolCall;
import dev.weft.agents.tool.ToolResult;
import dev.weft.agents.tool.Toolbox;
import dev.weft.context.error.WeftException;
import dev.weft.context.ledger.Ledger;
import dev.weft.context.ledger.LedgerOptions;
import dev.weft.context.store.FilterStore;
import dev.weft.context.store.InMemoryStore;
import dev.weft.context.store.Mutation;
import dev.weft.context.store.Outcome;
import dev.weft.context.store.Scope;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Compaction that moves: archive first, one commit per fit, never twice, recall by round or name, resume. */
class HistoryBudgetLedgerTest {
  private final CountingStore store = new CountingStore();
  private final Ledger ledger = new Ledger(store, LedgerOptions.defaults());

  @Test
  void everyDroppedRoundComesBackWholeByNumberAndByName() {
    HistoryBudget policy = HistoryBudget.archiving(6_000, new RoundArchive(ledger, "run-1", 8_000));
    Toolbox toolbox = new Toolbox();
    policy.addTools(toolbox);
    List<ChatMessage> transcript = Gathering.transcript(40);

    List<ChatMessage> request = policy.fit(transcript);

    Compaction plan = policy.lastFit().orElseThrow();
    assertThat(plan.dropped()).isGreaterThan(20);
    String synopsis = request.get(2).content();
    assertThat(synopsis).contains("rounds 1-" + plan.dropped() + " are not in this request",
        "slot agent/run-1/round/<n>", "recall_round");
    for (Round round : plan.droppedRounds()) {
      JsonNode byNumber = call(toolbox, "{\"round\":" + round.number() + "}").value();
      JsonNode byName = call(toolbox, "{\"name\":\"agent/run-1/round/" + round.number() + "\"}").value();
      assertThat(byNumber.path("text").asText()).isEqualTo(RoundArchive.text(round));
      assertThat(byName).isEqualTo(byNumber);
      assertThat(byNumber.has("cut")).isFalse();
      assertThat(byNumber.path("text").asText()).contains(Gathering.value(round.number()));
    }
    assertThat(transcript).isEqualTo(Gathering.transcript(40));
  }

  @Test
  void eachFitArchivesItsNewRoundsInOneCommitAndNoRoundTwice() {
    HistoryBudget policy = HistoryBudget.archiving(6_000, new RoundArchive(ledger, "run-1", 8_000));

    policy.fit(Gathering.transcript(20));
    int first = policy.lastFit().orElseThrow().dropped();
    assertThat(store.writes).isEqualTo(1);
    policy.fit(Gathering.transcript(20));
    assertThat(store.writes).isEqualTo(1);
    policy.fit(Gathering.transcript(25));
    int second = policy.lastFit().orElseThrow().dropped();

    assertThat(second).isGreaterThan(first);
    assertThat(store.writes).isEqualTo(2);
    assertThat(ledger.slotsNamed("agent/run-1/round/")).hasSize(second);
  }

  @Test
  void aStoreThatFailsTheCommitPublishesNothingAndTheFitFails() {
    HistoryBudget policy = HistoryBudget.archiving(6_000, new RoundArchive(ledger, "run-1", 8_000));
    store.failCommits = true;

    assertThatThrownBy(() -> policy.fit(Gathering.transcript(40)))
        .isInstanceOf(WeftException.class)
        .hasMessageContaining("could not archive rounds 1-")
        .hasMessageContaining("dropped nothing");
    assertThat(store.keys("ledger/")).isEmpty();

    store.failCommits = false;
    policy.fit(Gathering.transcript(40));
    assertThat(ledger.slotsNamed("agent/run-1/round/")).hasSize(policy.lastFit().orElseThrow().dropped());
    assertThat(store.writes).isEqualTo(1);
  }

  @Test
  void aResumedRunRecallsTheRoundsAnEarlierPolicyArchivedAndWritesNoneAgain() {
    HistoryBudget.archiving(6_000, new RoundArchive(ledger, "run-1", 8_000)).fit(Gathering.transcript(40));
    HistoryBudget.archiving(6_000, new RoundArchive(ledger, "other", 8_000)).fit(Gathering.transcript(10));
    int writes = store.writes;

    HistoryBudget resumed = HistoryBudget.archiving(6_000, new RoundArchive(ledger, "run-1", 8_000));
    Toolbox toolbox = new Toolbox();
    resumed.addTools(toolbox);
    resumed.fit(Gathering.transcript(40));

    assertThat(store.writes).isEqualTo(writes);
    assertThat(call(toolbox, "{\"round\":3}").value().path("text").asText()).contains(Gathering.value(3));
    ToolResult foreign = call(toolbox, "{\"name\":\"agent/other/round/1\"}");
    assertThat(foreign.error()).isTrue();
    assertThat(foreign.value().path("error").asText()).contains("must be a round of this run, agent/run-1/round/N");
  }

  @Test
  void aLongRoundIsCutAtTheResultCapWithTheCutSaidAndReadOnFromTheOffset() {
    List<ChatMessage> transcript = new ArrayList<>(Gathering.transcript(0));
    String big = "x".repeat(2_500) + " the fact " + "y".repeat(2_500);
    transcript.add(ChatMessage.assistant("", List.of(new ToolCall("c1", "lookup", "{}"))));
    transcript.add(ChatMessage.tool("c1", big));
    transcript.addAll(Gathering.transcript(3).subList(2, 8));
    HistoryBudget policy = HistoryBudget.archiving(2_000, new RoundArchive(ledger, "run-1", 1_000));
    Toolbox toolbox = new Toolbox();
    policy.addTools(toolbox);
    policy.fit(transcript);

    StringBuilder whole = new StringBuilder();
    JsonNode part = call(toolbox, "{\"round\":1}").value();
    int parts = 1;
    while (part.has("cut")) {
      assertThat(part.path("text").asText().length()).isLessThanOrEqualTo(600);
      assertThat(part.path("cut").asText()).contains("tool-result cap");
      whole.append(part.path("text").asText());
      part = call(toolbox, "{\"round\":1,\"offset\":" + (part.path("offset").asInt()
          + part.path("text").asText().length()) + "}").value();
      parts++;
    }
    whole.append(part.path("text").asText());
    assertThat(parts).isGreaterThan(5);
    assertThat(whole.toString()).isEqualTo(RoundArchive.text(policy.lastFit().orElseThrow().droppedRounds().get(0)));
  }

  @Test
  void aRoundThatIsNotArchivedAnswersAnErrorTheModelCanRead() {
    HistoryBudget policy = HistoryBudget.archiving(6_000, new RoundArchive(ledger, "run-1", 8_000));
    Toolbox toolbox = new Toolbox();
    policy.addTools(toolbox);
    policy.fit(Gathering.transcript(40));

    ToolResult result = call(toolbox, "{\"round\":40}");

    assertThat(result.error()).isTrue();
    assertThat(result.value().path("error").asText()).contains("round 40 of run 'run-1' is not archived")
        .contains("archived rounds: 1-");
    ToolResult neither = call(toolbox, "{}"); // the toolbox's schema check refuses it before the tool runs
    assertThat(neither.value().path("error").asText()).contains("invalid arguments for tool 'recall_round'");
    assertThat(neither.value().path("errors")).isNotEmpty();
  }

  @Test
  void badSettingsAreRefusedByName() {
    assertThatThrownBy(() -> HistoryBudget.of(0)).hasMessage("historyBudget must be at least 1 character, got: 0");
    assertThatThrownBy(() -> new RoundArchive(ledger, "a/b", 8_000)).hasMessageContaining("got: 'a/b'");
  }

  private static ToolResult call(Toolbox toolbox, String arguments) {
    return toolbox.call(new ToolCall("t", RoundArchive.TOOL, arguments));
  }

  /** The in-memory store, counting the mutates that wrote and able to fail a commit after its mutation ran. */
  private static final class CountingStore extends FilterStore {
    int writes;
    boolean failCommits;

    CountingStore() {
      super(new InMemoryStore());
    }

    @Override
    public <R> R mutate(Scope scope, Mutation<R> mutation) {
      boolean[] wrote = {false};
      R result = super.mutate(scope, current -> {
        Outcome<R> outcome = mutation.apply(current);
        wrote[0] = outcome.next().isPresent();
        if (wrote[0] && failCommits) {
          throw new IllegalStateException("disk full (test)");
        }
        return outcome;
      });
      if (wrote[0]) {
        writes++;
      }
      return result;
    }
  }
}
