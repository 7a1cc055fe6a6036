package dev.weft.agents.compact;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.weft.agents.model.ChatMessage;
import dev.weft.agents.model.ToolCall;
import dev.weft.agents.tool.ToolResult;
import dev.weft.agents.tool.Toolbox;
import dev.weft.context.env.Environment;
import dev.weft.context.env.SlotEnvironment;
import dev.weft.context.ledger.Ledger;
import dev.weft.context.ledger.LedgerOptions;
import dev.weft.context.store.InMemoryStore;
import java.util.List;

/**
 * The figures of docs/benchmarks.md, "Agent compaction": 40 gathering rounds ({@link Gathering}) through a
 * 6,000-character history budget without and with the ledger, and through the transcript slot. Counts, not timings:
 * every figure is deterministic. {@code main} prints them; {@code CompactionMeasureTest} holds them.
 */
final class CompactionMeasure {
  static final int ROUNDS = 40;
  static final int BUDGET = 6_000;
  static final int WINDOW = TranscriptWindow.DEFAULT_WINDOW;
  static final int RESULT_CAP = 8_000;
  private static final ObjectMapper JSON = new ObjectMapper();

  /** (a): what a request at the budget still answers, and what recall_round brings back. */
  record Budget(int dropped, long requestChars, int requestMessages, int idsInRequest, int valuesInRequest,
      int recalls, int idsWithLedger, int valuesWithLedger) {}

  /** (b): the largest request over the 40 rounds, and the value a 6,000 budget lost found by grep + read. */
  record Slot(int window, long maxRequestChars, long lastRequestChars, int probeRound, boolean probeInBudgetRequest,
      boolean probeFound, String grepOffset, int readChars) {}

  private CompactionMeasure() {}

  public static void main(String[] args) {
    Budget budget = budget();
    Slot slot = slot();
    System.out.println("(a) " + ROUNDS + " tool rounds of ~440-char results, history budget " + BUDGET + " chars: "
        + "request " + budget.requestChars() + " chars in " + budget.requestMessages() + " messages, "
        + budget.dropped() + " rounds dropped");
    System.out.println("    without the ledger: " + budget.idsInRequest() + "/" + ROUNDS + " ids, "
        + budget.valuesInRequest() + "/" + ROUNDS + " values answerable from the request");
    System.out.println("    with the ledger: " + budget.idsWithLedger() + "/" + ROUNDS + " ids, "
        + budget.valuesWithLedger() + "/" + ROUNDS + " values (" + budget.recalls() + " recall_round calls)");
    System.out.println("(b) transcript slot, window " + slot.window() + " rounds: largest request over "
        + ROUNDS + " rounds " + slot.maxRequestChars() + " chars (last " + slot.lastRequestChars() + ")");
    System.out.println("    round " + slot.probeRound() + "'s value, absent from the " + BUDGET + "-char budget's "
        + "request (" + !slot.probeInBudgetRequest() + "), found by one env_grep (offset " + slot.grepOffset()
        + ") + one env_read of " + slot.readChars() + " chars: " + slot.probeFound());
  }

  static Budget budget() {
    List<ChatMessage> transcript = Gathering.transcript(ROUNDS);
    HistoryBudget plain = HistoryBudget.of(BUDGET);
    String without = text(plain.fit(transcript));
    Compaction plan = plain.lastFit().orElseThrow();

    Ledger ledger = new Ledger(new InMemoryStore(), LedgerOptions.defaults());
    HistoryBudget archiving = HistoryBudget.archiving(BUDGET, new RoundArchive(ledger, "measure", RESULT_CAP));
    Toolbox toolbox = new Toolbox();
    archiving.addTools(toolbox);
    String with = text(archiving.fit(transcript));
    int ids = 0;
    int values = 0;
    int idsLedger = 0;
    int valuesLedger = 0;
    int recalls = 0;
    int dropped = archiving.lastFit().orElseThrow().dropped();
    for (int r = 1; r <= ROUNDS; r++) {
      ids += without.contains(Gathering.id(r)) ? 1 : 0;
      values += without.contains(Gathering.value(r)) ? 1 : 0;
      String reachable = with;
      if (r <= dropped) {
        ToolResult recalled = toolbox.call(new ToolCall("m" + r, RoundArchive.TOOL, "{\"round\":" + r + "}"));
        recalls++;
        reachable += recalled.value().path("text").asText();
      }
      idsLedger += reachable.contains(Gathering.id(r)) ? 1 : 0;
      valuesLedger += reachable.contains(Gathering.value(r)) ? 1 : 0;
    }
    return new Budget(plan.dropped(), plan.requestChars(), plan.request().size(), ids, values, recalls, idsLedger,
        valuesLedger);
  }

  static Slot slot() {
    Environment env = new SlotEnvironment(new InMemoryStore());
    TranscriptWindow policy = TranscriptWindow.forRun(env, "measure", WINDOW);
    Toolbox toolbox = new Toolbox();
    policy.addTools(toolbox);
    long max = 0;
    long last = 0;
    for (int r = 0; r <= ROUNDS; r++) {
      last = Rounds.chars(policy.fit(Gathering.transcript(r)));
      max = Math.max(max, last);
    }
    int probe = 5;
    String budgetRequest = text(HistoryBudget.of(BUDGET).fit(Gathering.transcript(ROUNDS)));
    JsonNode grep = toolbox.call(new ToolCall("g", EnvTools.GREP,
        "{\"pattern\":\"" + Gathering.id(probe) + " value\",\"maxHits\":1}")).value();
    long offset = grep.path("hits").path(0).path("offset").asLong(-1);
    JsonNode read = toolbox.call(new ToolCall("r", EnvTools.READ, JSON.createObjectNode()
        .put("name", policy.slot()).put("offset", Math.max(0, offset - 100)).put("chars", 600).toString()))
        .value();
    return new Slot(WINDOW, max, last, probe, budgetRequest.contains(Gathering.value(probe)),
        read.path("text").asText().contains(Gathering.value(probe)), Long.toString(offset),
        read.path("chars").asInt());
  }

  private static String text(List<ChatMessage> request) {
    StringBuilder out = new StringBuilder();
    for (ChatMessage message : request) {
      out.append(message.content()).append('\n');
      message.toolCalls().forEach(call -> out.append(call.name()).append(call.arguments()).append('\n'));
    }
    return out.toString();
  }
}
