package dev.weft.agents.compact;

import dev.weft.agents.model.ChatMessage;
import dev.weft.agents.model.ToolCall;
import java.util.ArrayList;
import java.util.List;

/**
 * The measured conversation: a system prompt, one user request, then tool rounds each calling {@code lookup} for one
 * record and getting back ~440 characters — padding with one fact in the middle, {@code record R-007 value
 * V7-k3x9q} — and the scripted assistant's next call. Deterministic: the same round always holds the same fact.
 */
final class Gathering {
  static final String SYSTEM = "You gather records with the lookup tool and report every value you found.";
  static final String USER = "Look up records R-001 to R-040 one at a time, then list each record id with its value.";
  private static final String PAD = "The archive returned a page of catalogue metadata; most fields are boilerplate "
      + "about provenance, retention and formatting that matters to nobody. ";

  private Gathering() {}

  static String id(int round) {
    return String.format("R-%03d", round);
  }

  /** The value of record {@code round}: a token found nowhere else in the conversation. */
  static String value(int round) {
    long h = (round * 0x9E3779B97F4A7C15L) >>> 24;
    return "V" + round + "-" + Long.toString(h, 36).substring(0, 5);
  }

  /** The system prompt, the user message and {@code rounds} tool rounds. */
  static List<ChatMessage> transcript(int rounds) {
    List<ChatMessage> out = new ArrayList<>(List.of(ChatMessage.system(SYSTEM), ChatMessage.user(USER)));
    for (int r = 1; r <= rounds; r++) {
      String call = "call_" + r;
      out.add(ChatMessage.assistant("", List.of(new ToolCall(call, "lookup", "{\"id\":\"" + id(r) + "\"}"))));
      out.add(ChatMessage.tool(call, result(r)));
    }
    return List.copyOf(out);
  }

  /** ~440 characters: padding, the fact, padding. */
  static String result(int round) {
    String fact = " record " + id(round) + " value " + value(round) + ". ";
    String head = PAD.repeat(2).substring(0, 200);
    String tail = PAD.repeat(2).substring(0, 440 - head.length() - fact.length());
    return head + fact + tail;
  }
}
