package dev.weft.context.store;

import dev.weft.context.error.ExitStatus;
import dev.weft.context.error.WeftException;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * A {@link Store#mutate} whose scope is chosen from reads made before it — the next sequence number, the keys an
 * id's old record touches — retried like a compare-and-set loop: each attempt builds its scope afresh, and its
 * mutation answers {@link Tried#lost()} (publishing nothing) when what it read before no longer holds inside the
 * mutate because another writer committed in between. The ledger's minting and the memory write path both use it.
 */
public final class RetriedMutate {
  private RetriedMutate() {}

  /**
   * One attempt: the scope to mutate and what to do with its records — or, when the reads already settled the
   * answer and there is nothing to cover (a scope must name a key), that answer without a mutate.
   */
  public record Attempt<R>(Scope scope, Mutation<Tried<R>> mutation, R answer) {
    public static <R> Attempt<R> mutate(Scope scope, Mutation<Tried<R>> mutation) {
      return new Attempt<>(Objects.requireNonNull(scope, "scope"), Objects.requireNonNull(mutation, "mutation"),
          null);
    }

    public static <R> Attempt<R> answered(R answer) {
      return new Attempt<>(null, null, answer);
    }
  }

  /** An attempt's answer: applied with a result (which may be null), or lost to another writer. */
  public record Tried<R>(boolean applied, R result) {
    public static <R> Tried<R> applied(R result) {
      return new Tried<>(true, result);
    }

    public static <R> Tried<R> lost() {
      return new Tried<>(false, null);
    }
  }

  /**
   * Runs attempts made by {@code attempts} until one applies.
   *
   * @param what names the write in the message when every attempt lost ("remember 'a'")
   * @throws WeftException {@link ExitStatus#BUSY} after {@code maxAttempts} lost attempts; nothing was written
   */
  public static <R> R run(Store store, int maxAttempts, String what, Supplier<Attempt<R>> attempts) {
    if (maxAttempts < 1) {
      throw new IllegalArgumentException("max attempts must be at least 1, got: " + maxAttempts);
    }
    for (int i = 0; i < maxAttempts; i++) {
      Attempt<R> attempt = attempts.get();
      if (attempt.scope() == null) {
        return attempt.answer();
      }
      Tried<R> tried = store.mutate(attempt.scope(), attempt.mutation());
      if (tried.applied()) {
        return tried.result();
      }
    }
    throw new WeftException(ExitStatus.BUSY, what + " lost to other writers " + maxAttempts + " times in a row "
        + "(they kept changing the same keys); nothing was written — retry it");
  }
}
