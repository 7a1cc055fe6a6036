package dev.weft.agents.recursive;

import com.fasterxml.jackson.databind.JsonNode;
import dev.weft.agents.loop.Budget;
import dev.weft.agents.loop.Spend;
import dev.weft.agents.loop.StopReason;
import dev.weft.agents.model.MeteredSubcall;
import dev.weft.agents.model.Usage;
import dev.weft.context.program.CancelSignal;
import dev.weft.context.program.MapCall;
import dev.weft.context.program.Subcall;
import dev.weft.context.program.SubcallException;
import java.util.Objects;
import java.util.Optional;
import java.util.function.LongSupplier;

/**
 * One account for a whole recursion tree, charged by every model call at every depth: the agent loop's
 * {@link Budget} (turns, tokens, ms) and {@link Spend}, shared rather than handed down, since a copy per branch would
 * let each branch spend the whole budget — depth 3 fanning 20 ways is 8,000 leaf calls.
 *
 * <p><b>Turns are reserved, tokens are settled.</b> A turn is taken when a call is launched ({@link #reserve}), so
 * K sub-calls launched together cannot all see the same last turn: the turn bound is exact at any concurrency.
 * Tokens are known only when a reply arrives ({@link #settle}: the provider's usage, else the client's estimate,
 * {@link Usage#estimate}); a call is refused once the tokens reach the bound, so the calls in flight when it was
 * reached can still add theirs: a token budget overshoots by at most {@code maxConcurrent - 1} calls' worth beyond
 * the call that reached it. The ms bound is checked when a call is launched. Thread-safe.
 */
public final class TreeBudget {
  private final Budget limits;
  private final LongSupplier nanoClock;
  private final long start;
  private int turns;
  private long promptTokens;
  private long completionTokens;
  private long totalTokens;
  private int estimatedCalls;

  private TreeBudget(Budget limits, LongSupplier nanoClock) {
    this.limits = Objects.requireNonNull(limits, "limits");
    this.nanoClock = Objects.requireNonNull(nanoClock, "nanoClock");
    this.start = nanoClock.getAsLong();
  }

  /** An account for {@code limits}, its ms counted from now. */
  public static TreeBudget of(Budget limits) {
    return new TreeBudget(limits, System::nanoTime);
  }

  /** With the clock a test sets. */
  static TreeBudget of(Budget limits, LongSupplier nanoClock) {
    return new TreeBudget(limits, nanoClock);
  }

  public Budget limits() {
    return limits;
  }

  /**
   * Takes one turn for a call about to be made.
   *
   * @return empty when the call may go; else the dimension that is spent (nothing was taken)
   */
  public synchronized Optional<StopReason> reserve() {
    Optional<StopReason> stop = stopReason();
    if (stop.isEmpty()) {
      turns++;
    }
    return stop;
  }

  /** Adds what a call that was reserved used. */
  public synchronized void settle(Usage usage) {
    promptTokens += usage.promptTokens();
    completionTokens += usage.completionTokens();
    totalTokens += usage.totalTokens();
    estimatedCalls += usage.estimated() ? 1 : 0;
  }

  /** The dimension that is spent (no further call may go), if any: turns, then tokens, then ms. */
  public synchronized Optional<StopReason> stopReason() {
    if (limits.turns().isPresent() && turns >= limits.turns().getAsInt()) {
      return Optional.of(StopReason.TURNS);
    }
    if (limits.tokens().isPresent() && totalTokens >= limits.tokens().getAsLong()) {
      return Optional.of(StopReason.TOKENS);
    }
    if (limits.ms().isPresent() && elapsedMs() >= limits.ms().getAsLong()) {
      return Optional.of(StopReason.DEADLINE);
    }
    return Optional.empty();
  }

  /** What the tree spent so far: turns reserved, tokens settled, ms since the account opened. */
  public synchronized Spend spent() {
    return new Spend(turns, promptTokens, completionTokens, totalTokens, estimatedCalls, elapsedMs());
  }

  /** One line saying which bound stopped a call, and what to do. */
  public synchronized String refusal(StopReason reason) {
    String bound = switch (reason) {
      case TURNS -> "turns budget of " + limits.turns().getAsInt() + " is spent (" + turns + " model calls made)";
      case TOKENS -> "tokens budget of " + limits.tokens().getAsLong() + " is spent (" + totalTokens + " tokens)";
      case DEADLINE -> "ms budget of " + limits.ms().getAsLong() + " has passed";
      default -> "budget stopped it (" + reason.wire() + ")";
    };
    return "the tree's " + bound + ", so the call was not made; raise the budget, or ask the same question again "
        + "to resume from the finished children";
  }

  /**
   * {@code inner} charged to this account: each call reserves a turn first (refused with
   * {@link SubcallException.Reason#BUDGET_SPENT} once the budget is spent, which the map records as the piece's
   * error) and settles its tokens after, the provider's usage when {@code inner} is a {@link MeteredSubcall}, else
   * the estimate from the instruction, the piece and the reply.
   */
  public Subcall charging(Subcall inner) {
    return new Charged(this, inner);
  }

  private long elapsedMs() {
    return (nanoClock.getAsLong() - start) / 1_000_000;
  }

  /** The decorator {@link #charging} answers. A Subcall is Serializable; this one never travels (recursion runs in process). */
  private static final class Charged implements Subcall {
    private static final long serialVersionUID = 1L;
    private final transient TreeBudget budget;
    private final Subcall inner;

    Charged(TreeBudget budget, Subcall inner) {
      this.budget = budget;
      this.inner = Objects.requireNonNull(inner, "inner");
    }

    @Override
    public JsonNode call(MapCall call, CancelSignal cancel) throws SubcallException {
      Optional<StopReason> stop = budget.reserve();
      if (stop.isPresent()) {
        throw new SubcallException(SubcallException.Reason.BUDGET_SPENT,
            call.address() + ": " + budget.refusal(stop.get()));
      }
      long promptChars = call.instruction().length() + call.piece().length();
      try {
        if (inner instanceof MeteredSubcall metered) {
          MeteredSubcall.Metered reply = metered.callMetered(call, cancel);
          budget.settle(reply.usage());
          return reply.value();
        }
        JsonNode value = inner.call(call, cancel);
        budget.settle(Usage.estimate(promptChars, value.isTextual() ? value.asText().length()
            : value.toString().length()));
        return value;
      } catch (SubcallException | RuntimeException e) {
        // A failed call may still have been billed for its prompt: charge the estimate of what was sent.
        budget.settle(Usage.estimate(promptChars, 0));
        throw e;
      }
    }
  }
}
