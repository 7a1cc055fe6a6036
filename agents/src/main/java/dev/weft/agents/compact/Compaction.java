package dev.weft.agents.compact;

import dev.weft.agents.model.ChatMessage;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.IntFunction;

/**
 * What a history budget makes of one transcript: the rounds it drops (always rounds 1 to {@code dropped}, the
 * oldest) and the request it sends — the pins, one synopsis message, the largest tail of rounds that fits. Pure: it
 * writes nothing, so the rounds can be archived before the request that drops them is sent.
 *
 * @param rounds the transcript split into pins and rounds
 * @param dropped how many rounds the request leaves out (0: the whole transcript is sent)
 * @param request the messages to send
 * @param requestChars the request's size ({@link Rounds#chars(List)})
 * @param overBudget true when even the pins, the synopsis and the last round alone exceed the budget: they are
 *     sent anyway (the last round is the one the model must answer)
 */
public record Compaction(Rounds rounds, int dropped, List<ChatMessage> request, long requestChars,
    boolean overBudget) {
  public Compaction {
    request = List.copyOf(request);
  }

  /** The rounds the request leaves out. */
  public List<Round> droppedRounds() {
    return rounds.rounds().subList(0, dropped);
  }

  /**
   * Plans the request for {@code transcript} under {@code budget} characters.
   *
   * @param slotOf the slot name each dropped round is archived under, or empty without a ledger
   */
  public static Compaction plan(List<ChatMessage> transcript, int budget, Optional<IntFunction<String>> slotOf) {
    if (budget < 1) {
      throw new IllegalArgumentException("historyBudget must be at least 1 character, got: " + budget);
    }
    Rounds rounds = Rounds.of(transcript);
    long whole = Rounds.chars(transcript);
    List<Round> all = rounds.rounds();
    if (whole <= budget || all.size() < 2) {
      return new Compaction(rounds, 0, transcript, whole, whole > budget);
    }
    long[] tailChars = new long[all.size() + 1];
    for (int i = all.size() - 1; i >= 0; i--) {
      tailChars[i] = tailChars[i + 1] + all.get(i).chars();
    }
    // the smallest drop that fits keeps the largest tail; the last round always stays
    for (int k = 1; k < all.size(); k++) {
      String synopsis = Synopsis.of(all.subList(0, k), budget, slotOf);
      long size = rounds.pinChars() + synopsis.length() + tailChars[k];
      if (size <= budget || k == all.size() - 1) {
        return new Compaction(rounds, k, request(rounds, k, synopsis), size, size > budget);
      }
    }
    throw new IllegalStateException("unreachable: the last candidate cut is always taken");
  }

  private static List<ChatMessage> request(Rounds rounds, int dropped, String synopsis) {
    List<ChatMessage> out = new ArrayList<>(rounds.pins());
    out.add(ChatMessage.assistant(synopsis));
    for (Round round : rounds.rounds().subList(dropped, rounds.rounds().size())) {
      out.addAll(round.messages());
    }
    return out;
  }
}
