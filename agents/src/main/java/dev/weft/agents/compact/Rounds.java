package dev.weft.agents.compact;

import dev.weft.agents.model.ChatMessage;
import dev.weft.agents.model.ChatMessage.Role;
import java.util.ArrayList;
import java.util.List;

/**
 * A transcript split into its pins and its rounds. The <em>pins</em> are the messages every request keeps: the
 * system prompt (when it is the first message) and everything up to and including the first user message —
 * normally just the system prompt and the first user message. Everything after the pins is cut into {@link Round}s,
 * numbered from 1. A tool message that follows no tool round (an illegal transcript) is a round of its own, so a
 * request never hides the defect by regrouping it.
 *
 * @param pins the leading messages no policy drops
 * @param rounds the rest, in order
 */
public record Rounds(List<ChatMessage> pins, List<Round> rounds) {
  public Rounds {
    pins = List.copyOf(pins);
    rounds = List.copyOf(rounds);
  }

  /** Splits {@code transcript} (not modified). */
  public static Rounds of(List<ChatMessage> transcript) {
    int firstUser = -1;
    for (int i = 0; i < transcript.size() && firstUser < 0; i++) {
      if (transcript.get(i).role() == Role.USER) {
        firstUser = i;
      }
    }
    int pinned = firstUser >= 0 ? firstUser + 1
        : !transcript.isEmpty() && transcript.get(0).role() == Role.SYSTEM ? 1 : 0;
    List<Round> rounds = new ArrayList<>();
    int i = pinned;
    while (i < transcript.size()) {
      int end = i + 1;
      if (!transcript.get(i).toolCalls().isEmpty()) {
        while (end < transcript.size() && transcript.get(end).role() == Role.TOOL) {
          end++;
        }
      }
      rounds.add(new Round(rounds.size() + 1, transcript.subList(i, end)));
      i = end;
    }
    return new Rounds(transcript.subList(0, pinned), rounds);
  }

  /** The pins' size in characters. */
  public long pinChars() {
    return chars(pins);
  }

  /** {@link ChatMessage#chars()} summed over {@code messages}: what they cost a request. */
  public static long chars(List<ChatMessage> messages) {
    long chars = 0;
    for (ChatMessage message : messages) {
      chars += message.chars();
    }
    return chars;
  }
}
