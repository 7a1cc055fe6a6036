package dev.weft.index.store;

import dev.weft.context.store.Mutation;
import dev.weft.context.store.Scope;

/**
 * One mutate waiting in a {@link GroupCommit}: its scope and callback, then its answer — a result once the commit
 * holding it is durable, or the failure that stopped it. Completed once, by the group's leader, under the group
 * commit's lock (which publishes the answer to the waiting caller).
 */
final class PendingMutate<R> {
  private final Scope scope;
  private final Mutation<R> mutation;
  private volatile boolean done;
  private R result;
  private RuntimeException failure;

  PendingMutate(Scope scope, Mutation<R> mutation) {
    this.scope = scope;
    this.mutation = mutation;
  }

  Scope scope() {
    return scope;
  }

  Mutation<R> mutation() {
    return mutation;
  }

  void succeed(R value) {
    result = value;
    done = true;
  }

  void fail(RuntimeException e) {
    failure = e;
    done = true;
  }

  boolean done() {
    return done;
  }

  /** The result, or the failure rethrown in the caller's thread. */
  R answer() {
    if (!done) {
      throw new IllegalStateException("the mutate of " + scope + " has no answer yet");
    }
    if (failure != null) {
      throw failure;
    }
    return result;
  }
}
