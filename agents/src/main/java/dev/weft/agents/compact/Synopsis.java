package dev.weft.agents.compact;

import dev.weft.agents.model.ChatMessage;
import dev.weft.agents.model.ToolCall;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.IntFunction;

/**
 * The one message that stands for the rounds a request dropped. A header names them all (their range, how many were
 * tool rounds and which tools they called) and says where they went; then one line per round — number, tool names,
 * call ids, a short gist of the arguments, and the round's slot when it was archived — newest first until the
 * allowance is spent, the older rounds then named by their range alone. Deterministic: no model writes it.
 */
final class Synopsis {
  /** The smallest allowance a synopsis gets, whatever the budget. */
  static final int MIN_CHARS = 600;
  /** A synopsis may take one part in this many of the history budget (or {@link #MIN_CHARS}, the larger). */
  static final int BUDGET_SHARE = 4;
  /** Calls one round's line shows; the rest are counted. */
  static final int CALLS_SHOWN = 3;
  /** Characters of a call's arguments (or a message's text) a line shows. */
  static final int GIST_CHARS = 40;
  /** Characters of a call id a line shows. */
  static final int ID_CHARS = 24;
  /** Tool names the header counts; the rest are counted together. */
  static final int TOOLS_NAMED = 5;

  private Synopsis() {}

  /** The allowance a synopsis gets under {@code budget}. */
  static int allowance(int budget) {
    return Math.max(MIN_CHARS, budget / BUDGET_SHARE);
  }

  /**
   * The synopsis of {@code dropped} (rounds 1 to k, in order).
   *
   * @param slotOf the slot name each round was archived under, or empty when nothing is archived
   */
  static String of(List<Round> dropped, int budget, Optional<IntFunction<String>> slotOf) {
    int allowance = allowance(budget);
    String header = header(dropped, budget, slotOf);
    Deque<String> lines = new ArrayDeque<>();
    int used = header.length();
    int listedFrom = dropped.size();
    for (int i = dropped.size() - 1; i >= 0; i--) {
      String line = "\n" + line(dropped.get(i), slotOf);
      // keep room for the "listed by range" line the unlisted rounds need
      int reserve = i > 0 ? 60 : 0;
      if (used + line.length() + reserve > allowance) {
        break;
      }
      lines.addFirst(line);
      used += line.length();
      listedFrom = i;
    }
    StringBuilder out = new StringBuilder(header);
    if (listedFrom > 0) {
      out.append("\nrounds ").append(range(dropped.get(0).number(), dropped.get(listedFrom - 1).number()))
          .append(": named by range only (the synopsis is bounded)");
    }
    lines.forEach(out::append);
    return out.toString();
  }

  private static String header(List<Round> dropped, int budget, Optional<IntFunction<String>> slotOf) {
    int first = dropped.get(0).number();
    int last = dropped.get(dropped.size() - 1).number();
    long toolRounds = dropped.stream().filter(Round::toolRound).count();
    StringBuilder out = new StringBuilder("[Compacted: rounds ").append(range(first, last));
    out.append(slotOf.isPresent() ? " are not in this request" : " were dropped from this request");
    out.append(" (history budget ").append(budget).append(" characters): ").append(toolRounds)
        .append(" tool round").append(toolRounds == 1 ? "" : "s");
    if (toolRounds > 0) {
      out.append(" (").append(toolCounts(dropped)).append(')');
    }
    long messages = dropped.size() - toolRounds;
    if (messages > 0) {
      out.append(" and ").append(messages).append(" other message").append(messages == 1 ? "" : "s");
    }
    if (slotOf.isPresent()) {
      out.append(". Each round is archived in the ledger as slot ")
          .append(slotOf.get().apply(first).replaceAll("[0-9]+$", "<n>"))
          .append("; recall_round {\"round\": n} brings one back whole.]");
    } else {
      out.append("; their content is lost to this conversation. What they did:]");
    }
    return out.toString();
  }

  private static String toolCounts(List<Round> dropped) {
    Map<String, Integer> counts = new LinkedHashMap<>();
    dropped.forEach(round -> round.calls().forEach(call -> counts.merge(call.name(), 1, Integer::sum)));
    List<Map.Entry<String, Integer>> sorted = new ArrayList<>(counts.entrySet());
    sorted.sort(Map.Entry.<String, Integer>comparingByValue(Comparator.reverseOrder()));
    StringBuilder out = new StringBuilder();
    for (int i = 0; i < Math.min(TOOLS_NAMED, sorted.size()); i++) {
      out.append(i > 0 ? ", " : "").append(sorted.get(i).getKey()).append(" x").append(sorted.get(i).getValue());
    }
    if (sorted.size() > TOOLS_NAMED) {
      out.append(", ").append(sorted.size() - TOOLS_NAMED).append(" more tools");
    }
    return out.toString();
  }

  /** One round's line: number, calls (name, id, argument gist) or the message's role and gist, its slot. */
  static String line(Round round, Optional<IntFunction<String>> slotOf) {
    StringBuilder out = new StringBuilder("round ").append(round.number()).append(": ");
    if (round.toolRound()) {
      List<ToolCall> calls = round.calls();
      for (int i = 0; i < Math.min(CALLS_SHOWN, calls.size()); i++) {
        ToolCall call = calls.get(i);
        out.append(i > 0 ? "; " : "").append(call.name()).append(" [").append(gist(call.id(), ID_CHARS))
            .append("] ").append(gist(call.arguments(), GIST_CHARS));
      }
      if (calls.size() > CALLS_SHOWN) {
        out.append("; +").append(calls.size() - CALLS_SHOWN).append(" more calls");
      }
    } else {
      ChatMessage message = round.messages().get(0);
      out.append(message.role().wire()).append(' ').append(gist(message.content(), GIST_CHARS));
    }
    slotOf.ifPresent(slot -> out.append(" -> ").append(slot.apply(round.number())));
    return out.toString();
  }

  /** {@code text} on one line, cut to {@code max} characters with the cut marked. */
  static String gist(String text, int max) {
    String flat = text.replaceAll("\\s+", " ").strip();
    return flat.length() <= max ? flat : flat.substring(0, max - 1) + "…";
  }

  private static String range(int first, int last) {
    return first == last ? Integer.toString(first) : first + "-" + last;
  }
}
