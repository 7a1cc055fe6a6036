package dev.weft.agents.author;

import dev.weft.agents.loop.Budget;
import dev.weft.agents.loop.Spend;
import dev.weft.agents.model.Usage;
import java.util.Objects;
import java.util.Optional;

/** {@link ModelAccount#of}: one {@link Budget}, its clock started when the account is made. Thread-safe. */
final class BudgetAccount implements ModelAccount {
  private final Budget budget;
  private final long start = System.nanoTime();
  private int turns;
  private long prompt;
  private long completion;
  private long total;
  private int estimated;

  BudgetAccount(Budget budget) {
    this.budget = Objects.requireNonNull(budget, "budget");
  }

  @Override
  public synchronized Optional<String> reserve() {
    if (budget.turns().isPresent() && turns >= budget.turns().getAsInt()) {
      return Optional.of("the turns budget of " + budget.turns().getAsInt() + " model calls is spent");
    }
    if (budget.tokens().isPresent() && total >= budget.tokens().getAsLong()) {
      return Optional.of("the tokens budget of " + budget.tokens().getAsLong() + " is spent (" + total + " used)");
    }
    if (budget.ms().isPresent() && elapsedMs() >= budget.ms().getAsLong()) {
      return Optional.of("the time budget of " + budget.ms().getAsLong() + " ms has passed");
    }
    turns++;
    return Optional.empty();
  }

  @Override
  public synchronized void settle(Usage usage) {
    prompt += usage.promptTokens();
    completion += usage.completionTokens();
    total += usage.totalTokens();
    estimated += usage.estimated() ? 1 : 0;
  }

  @Override
  public synchronized Spend spent() {
    return new Spend(turns, prompt, completion, total, estimated, elapsedMs());
  }

  private long elapsedMs() {
    return (System.nanoTime() - start) / 1_000_000;
  }
}
