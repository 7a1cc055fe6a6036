package dev.weft.agents.compact;

import dev.weft.agents.loop.ContextPolicy;
import dev.weft.agents.model.ChatMessage;
import dev.weft.agents.tool.Toolbox;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.IntFunction;

/**
 * A {@link ContextPolicy} that keeps each request within {@code historyBudget} characters ({@link
 * ChatMessage#chars()} summed). Under the budget the transcript goes whole; over it, the request is the pins (system
 * prompt, first user message), one synopsis naming every dropped round, and the largest tail of whole rounds that
 * fits ({@link Compaction#plan}). With a {@link RoundArchive} the dropped rounds are archived to the ledger first —
 * one atomic commit per fit, none written twice — and {@code recall_round} brings one back; a failing archive
 * fails the fit, so no round leaves the request without a copy. The transcript itself is never touched.
 */
public final class HistoryBudget implements ContextPolicy {
  private final int budget;
  private final Optional<RoundArchive> archive;
  private volatile Compaction last;

  private HistoryBudget(int budget, Optional<RoundArchive> archive) {
    if (budget < 1) {
      throw new IllegalArgumentException("historyBudget must be at least 1 character, got: " + budget);
    }
    this.budget = budget;
    this.archive = archive;
  }

  /** Compaction that drops: the synopsis is all that is left of a dropped round. */
  public static HistoryBudget of(int historyBudget) {
    return new HistoryBudget(historyBudget, Optional.empty());
  }

  /** Compaction that moves: every dropped round is archived first and {@code recall_round} brings it back. */
  public static HistoryBudget archiving(int historyBudget, RoundArchive archive) {
    return new HistoryBudget(historyBudget, Optional.of(Objects.requireNonNull(archive, "archive")));
  }

  public int budget() {
    return budget;
  }

  @Override
  public List<ChatMessage> fit(List<ChatMessage> transcript) {
    Optional<IntFunction<String>> slotOf = archive.map(a -> a::slotName);
    Compaction plan = Compaction.plan(transcript, budget, slotOf);
    if (plan.dropped() > 0) {
      archive.ifPresent(a -> a.archive(plan.droppedRounds()));
    }
    last = plan;
    return plan.request();
  }

  @Override
  public void addTools(Toolbox toolbox) {
    archive.ifPresent(a -> a.addTo(toolbox));
  }

  /** The last fit's plan (what it dropped, what it sent, whether it went over), or empty before the first. */
  public Optional<Compaction> lastFit() {
    return Optional.ofNullable(last);
  }
}
