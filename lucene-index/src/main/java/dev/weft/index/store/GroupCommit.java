package dev.weft.index.store;

import java.util.ArrayList;
import java.util.ArrayDeque;
import java.util.List;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Lets concurrent mutates of one process share a commit. A caller queues its mutate; if no leader is working,
 * it becomes the leader, takes everything queued and hands it to the {@link Processor} as one group (applied in
 * queue order, committed once), then steps down and wakes the others: those answered return, and one of the
 * rest leads the next group. So a mutate waits for at most the group in flight plus its own, and while one
 * commit is being made the next group gathers.
 */
final class GroupCommit {
  /** Applies a group in order and commits it once; must answer every mutate of the group. */
  interface Processor {
    void process(List<PendingMutate<?>> group);
  }

  /** Test seams: called (outside the lock) after a mutate is queued and before a leader takes the queue. */
  interface Hooks {
    Hooks NONE = new Hooks() {};

    default void queued() {}

    default void beforeDrain() {}
  }

  private final Processor processor;
  private final Hooks hooks;
  private final ReentrantLock lock = new ReentrantLock();
  private final Condition changed = lock.newCondition();
  private final ArrayDeque<PendingMutate<?>> queue = new ArrayDeque<>();
  private boolean leading;
  private boolean closed;

  GroupCommit(Processor processor, Hooks hooks) {
    this.processor = processor;
    this.hooks = hooks;
  }

  /** Queues {@code mutate} and returns its answer once the commit holding it is durable. */
  <R> R submit(PendingMutate<R> mutate) {
    lock.lock();
    try {
      if (closed) {
        throw new IllegalStateException("the store is closed; nothing was written — open it again to write");
      }
      queue.add(mutate);
    } finally {
      lock.unlock();
    }
    hooks.queued();
    boolean interrupted = false;
    lock.lock();
    try {
      while (!mutate.done()) {
        if (!leading) {
          leading = true;
          lead();
        } else {
          try {
            changed.await();
          } catch (InterruptedException e) {
            if (queue.remove(mutate)) {
              Thread.currentThread().interrupt();
              throw new IllegalStateException("interrupted while waiting to write " + mutate.scope()
                  + "; nothing was written", e);
            }
            // already taken by a leader: its answer is coming, and must be waited for to say what happened
            interrupted = true;
          }
        }
      }
    } finally {
      lock.unlock();
      if (interrupted) {
        Thread.currentThread().interrupt();
      }
    }
    return mutate.answer();
  }

  /** Called holding the lock with {@code leading} set; returns holding it, with every taken mutate answered. */
  private void lead() {
    List<PendingMutate<?>> group = List.of();
    try {
      lock.unlock();
      try {
        hooks.beforeDrain();
      } finally {
        lock.lock();
      }
      group = new ArrayList<>(queue);
      queue.clear();
      lock.unlock();
      try {
        processor.process(group);
      } finally {
        lock.lock();
      }
    } catch (RuntimeException | Error e) {
      // the processor answers each mutate; a failure outside that reaches every unanswered one, never a hang
      RuntimeException failure = e instanceof RuntimeException r ? r
          : new IllegalStateException("the group commit failed: " + e, e);
      for (PendingMutate<?> mutate : group) {
        if (!mutate.done()) {
          mutate.fail(failure);
        }
      }
      if (e instanceof Error error) {
        throw error;
      }
    } finally {
      leading = false;
      changed.signalAll();
    }
  }

  /** Refuses new mutates and waits for the group in flight, if any, to be answered. */
  void close() {
    lock.lock();
    try {
      closed = true;
      while (leading || !queue.isEmpty()) {
        changed.awaitUninterruptibly();
      }
    } finally {
      lock.unlock();
    }
  }
}
