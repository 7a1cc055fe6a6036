package dev.weft.agents.compact;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.weft.agents.loop.RunId;
import dev.weft.agents.model.ChatMessage;
import dev.weft.agents.model.ToolCall;
import dev.weft.agents.tool.Toolbox;
import dev.weft.context.error.ExitStatus;
import dev.weft.context.error.WeftException;
import dev.weft.context.ledger.ArchiveEntry;
import dev.weft.context.ledger.Ledger;
import dev.weft.context.ledger.SlotRead;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * One agent run's dropped rounds in the ledger. Round {@code n} of run {@code R} is the slot named
 * {@code agent/R/round/n} (the ledger mints its address, {@code slot:N}); the name alone finds it again, so a
 * resumed run — a new policy with the same run id — recalls the rounds an earlier process archived and never writes
 * one twice. Slots are put immutable: archive limits and {@code clearArchives} never evict a round a synopsis has
 * promised to bring back. {@code recall_round} reads one back, cut at the tool-result cap with the cut said.
 */
public final class RoundArchive {
  /** The recall tool's name. */
  public static final String TOOL = "recall_round";
  /** What a recall answer carries besides the round's text: its fields, the cut note. */
  private static final int ANSWER_OVERHEAD = 400;
  private static final ObjectMapper JSON = new ObjectMapper();

  private final Ledger ledger;
  private final String runId;
  private final int resultCap;
  private final String prefix;
  private SortedMap<Integer, String> archived;

  /**
   * @param runId names the run's slots; the same id on a resumed run finds them
   * @param resultCap the most characters a recall answers (the loop's tool-result cap)
   */
  public RoundArchive(Ledger ledger, String runId, int resultCap) {
    this.ledger = Objects.requireNonNull(ledger, "ledger");
    RunId.check(runId);
    if (resultCap < 2 * ANSWER_OVERHEAD) {
      throw new IllegalArgumentException("the recall result cap must be at least " + 2 * ANSWER_OVERHEAD
          + " characters, got: " + resultCap);
    }
    this.runId = runId;
    this.resultCap = resultCap;
    this.prefix = "agent/" + runId + "/round/";
  }

  public String runId() {
    return runId;
  }

  /** The slot name of round {@code round}. */
  public String slotName(int round) {
    return prefix + round;
  }

  /** Round number to ledger address of every round this run has archived. */
  public synchronized SortedMap<Integer, String> archived() {
    return new TreeMap<>(known());
  }

  /**
   * Archives the rounds of {@code rounds} not archived yet, all in one {@link Ledger#putArchive} (one atomic
   * commit): either every one of them is in the ledger afterwards or none is, and the caller must not drop them.
   */
  public synchronized void archive(List<Round> rounds) {
    SortedMap<Integer, String> known = known();
    List<Round> fresh = rounds.stream().filter(round -> !known.containsKey(round.number())).toList();
    if (fresh.isEmpty()) {
      return;
    }
    List<ArchiveEntry> entries = new ArrayList<>();
    for (Round round : fresh) {
      ObjectNode meta = JSON.createObjectNode().put("kind", "agent-round").put("run", runId)
          .put("round", round.number());
      ArrayNode tools = meta.putArray("tools");
      ArrayNode ids = meta.putArray("callIds");
      round.calls().forEach(call -> {
        tools.add(call.name());
        ids.add(call.id());
      });
      entries.add(new ArchiveEntry(slotName(round.number()), text(round), meta));
    }
    List<String> addresses;
    try {
      addresses = ledger.putArchive(entries, true);
    } catch (RuntimeException e) {
      String which = "rounds " + fresh.get(0).number() + "-" + fresh.get(fresh.size() - 1).number();
      ExitStatus status = e instanceof WeftException w ? w.status() : ExitStatus.IO_FAILURE;
      throw new WeftException(status, "compaction could not archive " + which + " of run '" + runId
          + "' to the ledger, so it dropped nothing: " + e.getMessage() + "; fix the ledger store or raise "
          + "historyBudget", e);
    }
    for (int i = 0; i < fresh.size(); i++) {
      known.put(fresh.get(i).number(), addresses.get(i));
    }
  }

  /** Adds {@code recall_round} to {@code toolbox}. */
  public void addTo(Toolbox toolbox) {
    toolbox.add(TOOL, "Bring back, whole, a round the compaction synopsis says is archived: {\"round\": n} or "
        + "{\"name\": \"" + prefix + "n\"}; a long round comes in parts (\"offset\").", ToolSchemas.of(TOOL),
        this::recall);
  }

  /** What {@code recall_round} answers for {@code input} ({@code {round}} or {@code {name}}, optional offset). */
  public JsonNode recall(JsonNode input) {
    int round = roundOf(input);
    String address;
    synchronized (this) {
      address = known().get(round);
      if (address == null) {
        throw new IllegalArgumentException("round " + round + " of run '" + runId + "' is not archived (it is "
            + "still in the request, or never happened); archived rounds: " + describe(known()));
      }
    }
    SlotRead read = ledger.readSlot(address);
    if (read.text().isEmpty()) {
      throw new IllegalStateException("round " + round + " of run '" + runId + "' (" + address + ") is "
          + read.status() + read.meta().map(m -> ": " + m.path("reason").asText("")).orElse("")
          + "; it cannot be brought back");
    }
    String text = read.text().get();
    long offset = input.path("offset").asLong(0);
    if (offset < 0 || offset > text.length()) {
      throw new IllegalArgumentException("offset must be between 0 and " + text.length() + " (the round's size), "
          + "got: " + offset);
    }
    int from = (int) offset;
    int room = resultCap - ANSWER_OVERHEAD;
    int to = (int) Math.min(text.length(), (long) from + room);
    if (to < text.length() && Character.isHighSurrogate(text.charAt(to - 1))) {
      to--;
    }
    ObjectNode out = JSON.createObjectNode().put("round", round).put("name", slotName(round))
        .put("slot", address).put("chars", text.length()).put("offset", from);
    out.put("text", text.substring(from, to));
    if (to < text.length()) {
      out.put("cut", "cut at " + to + " of " + text.length() + " characters (the tool-result cap); call "
          + TOOL + " with \"offset\": " + to + " for the rest");
    }
    return out;
  }

  private int roundOf(JsonNode input) {
    JsonNode round = input.path("round");
    JsonNode name = input.path("name");
    if (round.isMissingNode() == name.isMissingNode()) {
      throw new IllegalArgumentException("give exactly one of round (a number) and name (" + prefix
          + "N), got: " + input);
    }
    if (!round.isMissingNode()) {
      if (!round.canConvertToInt() || !round.isIntegralNumber() || round.intValue() < 1) {
        throw new IllegalArgumentException("round must be a whole number of at least 1, got: " + round);
      }
      return round.intValue();
    }
    String text = name.asText();
    if (!text.startsWith(prefix) || !text.substring(prefix.length()).matches("[1-9][0-9]{0,8}")) {
      throw new IllegalArgumentException("name must be a round of this run, " + prefix + "N, got: '"
          + Synopsis.gist(text, 80) + "'");
    }
    return Integer.parseInt(text.substring(prefix.length()));
  }

  private SortedMap<Integer, String> known() {
    if (archived == null) {
      archived = new TreeMap<>();
      for (Map.Entry<String, String> slot : ledger.slotsNamed(prefix).entrySet()) {
        String number = slot.getKey().substring(prefix.length());
        if (number.matches("[1-9][0-9]{0,8}")) {
          archived.put(Integer.parseInt(number), slot.getValue());
        }
      }
    }
    return archived;
  }

  private static String describe(SortedMap<Integer, String> known) {
    return known.isEmpty() ? "none" : known.firstKey() + "-" + known.lastKey() + " (" + known.size() + ")";
  }

  /** A round as the archive keeps it: its messages in the chat wire's shape, as JSON. */
  static String text(Round round) {
    ArrayNode messages = JSON.createArrayNode();
    for (ChatMessage message : round.messages()) {
      ObjectNode m = messages.addObject().put("role", message.role().wire()).put("content", message.content());
      if (!message.toolCalls().isEmpty()) {
        ArrayNode calls = m.putArray("tool_calls");
        for (ToolCall call : message.toolCalls()) {
          calls.addObject().put("id", call.id()).put("name", call.name()).put("arguments", call.arguments());
        }
      }
      message.toolCallId().ifPresent(id -> m.put("tool_call_id", id));
    }
    return messages.toString();
  }
}
