package dev.weft.context.jq;

import com.fasterxml.jackson.databind.JsonNode;
import dev.weft.context.jq.JqLimitException.Limit;
import dev.weft.context.program.CancelSignal;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import net.thisptr.jackson.jq.BuiltinFunctionLoader;
import net.thisptr.jackson.jq.Expression;
import net.thisptr.jackson.jq.Output;
import net.thisptr.jackson.jq.Scope;
import net.thisptr.jackson.jq.Versions;
import net.thisptr.jackson.jq.internal.IsolatedScopeQuery;
import net.thisptr.jackson.jq.exception.JsonQueryException;
import net.thisptr.jackson.jq.internal.javacc.ExpressionParser;

/**
 * The one home of jq in Weft (jackson-jq, the jq 1.6 dialect): the ledger's {@code --where}, a program's select and
 * reduce, the environment's select. A query is compiled into an instrumented tree ({@link JqTree}) and evaluated by
 * {@link #run} on a thread of its own with a bounded stack, under {@link JqBounds}: a deadline the caller enforces
 * (it gets the failure at once, whatever the evaluation is doing), a count of the values produced per input, a
 * size bound on every string and collection, and the stack as the depth bound (a {@link StackOverflowError} is
 * caught on that thread and reported as the depth bound; it never reaches the caller's thread). A
 * {@link CancelSignal} stops it the same way. Every stop is a {@link JqLimitException}: exit 2, one line.
 */
public final class BoundedJq {
  /** jq's built-in functions, loaded and instrumented once: loading them parses jq source. */
  private static final Scope BUILTINS = builtins();
  private static final AtomicInteger THREADS = new AtomicInteger();

  private BoundedJq() {}

  /** A compiled, instrumented query: evaluate it only inside {@link #run}. */
  public static final class Query {
    private final Expression expression;
    private final String text;

    private Query(Expression expression, String text) {
      this.expression = expression;
      this.text = text;
    }

    public String text() {
      return text;
    }
  }

  /** Evaluates queries inside one bounded run. */
  public interface Evaluator {
    /**
     * Applies {@code query} to {@code input}, handing every output to {@code out}; the value count starts again.
     *
     * @throws JsonQueryException when the query fails on this input (jackson-jq's message)
     */
    void apply(Query query, JsonNode input, Output out) throws JsonQueryException;
  }

  /** The work of one bounded run: any number of evaluations and what the caller makes of their outputs. */
  @FunctionalInterface
  public interface Work<T> {
    T run(Evaluator jq) throws JsonQueryException;
  }

  /**
   * Compiles {@code query}; the exception carries jackson-jq's own message.
   *
   * @throws JsonQueryException when it is not jq
   */
  public static Query compile(String query) throws JsonQueryException {
    // what JsonQuery.compile builds, without its wrapper, which hides the tree the instrumentation walks
    Expression parsed = new IsolatedScopeQuery(ExpressionParser.compile(query, Versions.JQ_1_6));
    return new Query(JqTree.instrument(parsed), query);
  }

  /**
   * Runs {@code work} on its own thread under {@code bounds}, stopped by {@code cancel}.
   *
   * @param what names what runs, for the failure's line ("where '.x'", "step 3's jq query '.x'")
   * @throws JqLimitException when a bound stopped it or it was cancelled
   * @throws JsonQueryException when a query failed on its input
   */
  public static <T> T run(String what, JqBounds bounds, CancelSignal cancel, Work<T> work)
      throws JsonQueryException {
    Objects.requireNonNull(work, "work");
    Budget budget = new Budget(bounds, what, System.nanoTime());
    CompletableFuture<T> result = new CompletableFuture<>();
    Evaluator evaluator = (query, input, out) -> {
      budget.nextInput();
      query.expression.apply(Scope.newChildScope(BUILTINS), input, out);
    };
    Thread thread = new Thread(null, () -> evaluate(budget, work, evaluator, result),
        "weft-jq-" + THREADS.incrementAndGet(), bounds.stackBytes());
    thread.setDaemon(true); // an evaluation the caller gave up on must never keep the process alive
    try (CancelSignal.Registration unused = cancel.onCancel(() -> result.completeExceptionally(
        budget.stop(Limit.CANCELLED)))) {
      thread.start();
      return result.get(bounds.deadline().toNanos(), TimeUnit.NANOSECONDS);
    } catch (TimeoutException e) {
      // the thread stops at its next step (every expression entered, every value produced checks the budget); one
      // busy in a single built-in call (a regex over a long string) runs that call to its end, then stops, alone
      throw budget.stop(Limit.DEADLINE);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw budget.stop(Limit.CANCELLED, e);
    } catch (ExecutionException e) {
      throw rethrow(e.getCause());
    }
  }

  private static <T> void evaluate(Budget budget, Work<T> work, Evaluator evaluator, CompletableFuture<T> result) {
    Budget.CURRENT.set(budget);
    try {
      T value = work.run(evaluator);
      JqLimitException stopped = budget.stopped();
      if (stopped != null) {
        result.completeExceptionally(stopped); // the query caught the stop with try: it still failed
      } else {
        result.complete(value);
      }
    } catch (StackOverflowError e) {
      result.completeExceptionally(budget.stop(Limit.DEPTH, null));
    } catch (OutOfMemoryError e) {
      // the size bound is checked before each value is passed on; one built-in call can still allocate a lot at once
      result.completeExceptionally(budget.stop(Limit.SIZE, e));
    } catch (Throwable e) { // any failure ends the run as that failure, on the caller's thread
      result.completeExceptionally(e);
    } finally {
      Budget.CURRENT.remove();
    }
  }

  private static RuntimeException rethrow(Throwable cause) throws JsonQueryException {
    if (cause instanceof JsonQueryException jq) {
      throw jq;
    }
    if (cause instanceof RuntimeException runtime) {
      return runtime;
    }
    if (cause instanceof Error error) {
      throw error;
    }
    return new IllegalStateException("jq evaluation failed: " + cause, cause);
  }

  private static Scope builtins() {
    Scope scope = Scope.newEmptyScope();
    BuiltinFunctionLoader.getInstance().loadFunctions(Versions.JQ_1_6, scope);
    scope.getLocalFunctions().values().forEach(JqTree::instrumentObject);
    return scope;
  }
}
