package dev.weft.agents.recursive;

import com.fasterxml.jackson.databind.JsonNode;
import dev.weft.agents.loop.Budget;
import dev.weft.agents.loop.Spend;
import dev.weft.agents.loop.StopReason;
import dev.weft.agents.model.ChatClient;
import dev.weft.agents.model.ChatMessage;
import dev.weft.agents.model.ChatReply;
import dev.weft.agents.model.ChatRequest;
import dev.weft.agents.model.MeteredSubcall;
import dev.weft.agents.model.Usage;
import dev.weft.context.program.CancelSignal;
import dev.weft.context.program.MapCall;
import dev.weft.context.program.MaxConcurrent;
import dev.weft.context.program.Subcall;
import dev.weft.context.program.SubcallException;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
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
 * the call that reached it. That needs at most K calls in flight in the whole tree, while each level's map runs
 * K at a time and its children run theirs beneath it (K to the depth): so the account also holds K permits, and a
 * call takes one before it reserves its turn — at most K model calls are in flight in the tree however it nests,
 * and the rest wait (cancellable) for a permit. The ms bound is checked when a call is launched. Thread-safe.
 */
public final class TreeBudget {
  /** How often a call waiting for a permit looks at its cancel signal and the budget. */
  private static final long PERMIT_POLL_MS = 50;

  private final Budget limits;
  private final int maxConcurrent;
  private final Semaphore permits;
  private final AtomicInteger waiting = new AtomicInteger();
  private final LongSupplier nanoClock;
  private final long start;
  private int turns;
  private long promptTokens;
  private long completionTokens;
  private long totalTokens;
  private int estimatedCalls;

  private TreeBudget(Budget limits, int maxConcurrent, LongSupplier nanoClock) {
    this.limits = Objects.requireNonNull(limits, "limits");
    this.maxConcurrent = MaxConcurrent.check(maxConcurrent);
    this.permits = new Semaphore(maxConcurrent, true);
    this.nanoClock = Objects.requireNonNull(nanoClock, "nanoClock");
    this.start = nanoClock.getAsLong();
  }

  /**
   * An account for {@code limits}, its ms counted from now, with at most {@code maxConcurrent} model calls in flight
   * in the whole tree (1 to {@link MaxConcurrent#MAX}; the runner's {@code maxConcurrent}).
   */
  public static TreeBudget of(Budget limits, int maxConcurrent) {
    return new TreeBudget(limits, maxConcurrent, System::nanoTime);
  }

  /** With the clock a test sets. */
  static TreeBudget of(Budget limits, int maxConcurrent, LongSupplier nanoClock) {
    return new TreeBudget(limits, maxConcurrent, nanoClock);
  }

  public Budget limits() {
    return limits;
  }

  /** The most model calls in flight in the whole tree. */
  public int maxConcurrent() {
    return maxConcurrent;
  }

  /** Calls waiting for a permit now (for tests that hold calls in flight). */
  int waiting() {
    return waiting.get();
  }

  /**
   * Takes one of the tree's permits for a call, waiting while {@link #maxConcurrent} are in flight.
   *
   * @throws SubcallException cancelled while waiting, or the budget was spent meanwhile
   */
  void acquire(String what, CancelSignal cancel) throws SubcallException {
    waiting.incrementAndGet();
    try {
      while (!permits.tryAcquire(PERMIT_POLL_MS, TimeUnit.MILLISECONDS)) {
        if (cancel.isCancelled()) {
          throw new SubcallException(SubcallException.Reason.CANCELLED, what + ": cancelled while "
              + "waiting for one of the tree's " + maxConcurrent + " calls in flight");
        }
        Optional<StopReason> stop = stopReason();
        if (stop.isPresent()) {
          throw new SubcallException(SubcallException.Reason.BUDGET_SPENT, what + ": " + refusal(stop.get()));
        }
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new SubcallException(SubcallException.Reason.CANCELLED, what + ": interrupted while waiting "
          + "for one of the tree's " + maxConcurrent + " calls in flight");
    } finally {
      waiting.decrementAndGet();
    }
  }

  /**
   * Takes one of the tree's permits for a model call a level makes through an account of its own (the long-horizon
   * agent's authoring calls): the same K in flight as {@link #charging} and {@link #chat} take. Give it back with
   * {@link #releasePermit} once the call is over, whatever became of it.
   *
   * @throws SubcallException cancelled while waiting, or the budget was spent meanwhile (nothing was taken)
   */
  public void acquirePermit(String what, CancelSignal cancel) throws SubcallException {
    acquire(what, cancel);
  }

  /** Gives back a permit {@link #acquirePermit} took. */
  public void releasePermit() {
    permits.release();
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

  /**
   * A model call a level makes itself (its authoring call, a repair round), charged as a sub-call is: one of the
   * tree's permits, a turn reserved before, the reply's usage (reported or estimated) settled after; a call that
   * fails is charged its prompt's estimate.
   *
   * @param what names the call in a refusal ("level 2 author")
   * @throws SubcallException {@code BUDGET_SPENT} when the budget is spent (no call was made), {@code CANCELLED}
   *     when cancelled while waiting for a permit
   * @throws dev.weft.agents.model.ChatException as the client throws it
   */
  public ChatReply chat(String what, ChatClient client, ChatRequest request, CancelSignal cancel)
      throws SubcallException {
    acquire(what, cancel);
    try {
      Optional<StopReason> stop = reserve();
      if (stop.isPresent()) {
        throw new SubcallException(SubcallException.Reason.BUDGET_SPENT, what + ": " + refusal(stop.get()));
      }
      try {
        ChatReply reply = client.chat(request, cancel);
        settle(reply.usage());
        return reply;
      } catch (RuntimeException e) {
        settle(Usage.estimate(request.messages().stream().mapToLong(ChatMessage::chars).sum(), 0));
        throw e;
      }
    } finally {
      permits.release();
    }
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
      budget.acquire(call.address(), cancel);
      try {
        return reserved(call, cancel);
      } finally {
        budget.permits.release();
      }
    }

    private JsonNode reserved(MapCall call, CancelSignal cancel) throws SubcallException {
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
