package dev.weft.bench.chaos;

import dev.weft.context.IndexLocation;
import dev.weft.context.error.ExitStatus;
import dev.weft.context.error.WeftException;
import dev.weft.index.CorpusIndex;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.LongPredicate;
import org.apache.lucene.store.LockObtainFailedException;

/**
 * Races an index run far more tightly than a {@code weft rollback} process can: from this JVM it flips
 * {@code CURRENT} between two kept generations every {@value #PAUSE_MILLIS} ms, from the index run's start until a
 * rollback is refused because the run holds {@code write.lock}, then stops. An index run that plans against one generation
 * and writes onto the other is what the suite's stale check then finds; a run that plans under its lock (or checks
 * its base after taking it) is unaffected.
 */
final class RollbackHammer implements Runnable {
  static final long PAUSE_MILLIS = 10;

  private final Path indexDir;
  private final long first;
  private final long second;
  private final LongPredicate runningAfter;
  private final Set<Long> served = new LinkedHashSet<>();
  private int flips;
  private String failure;

  /**
   * @param first the generation served when the index run starts
   * @param second another kept generation
   * @param runningAfter waits up to the given milliseconds for the racing index process to exit and says whether it
   *     still runs: the pause between flips, and the hammer stops when the run has exited
   */
  RollbackHammer(Path indexDir, long first, long second, LongPredicate runningAfter) {
    this.indexDir = indexDir;
    this.first = first;
    this.second = second;
    this.runningAfter = runningAfter;
  }

  /**
   * What the hammer did.
   *
   * @param flips rollbacks that moved CURRENT
   * @param served the generations its rollbacks served, in first-served order
   * @param failure a rollback failure other than a refusal (busy, or a target no longer kept), or null
   */
  record Outcome(int flips, List<Long> served, String failure) {}

  @Override
  public void run() {
    long target = second;
    // flipping back to back would hold write.lock nearly all the time, and the index run would only ever be
    // refused at its lock; a pause between flips lets it take the lock while CURRENT keeps moving under its plan
    while (runningAfter.test(PAUSE_MILLIS)) {
      try (CorpusIndex index = CorpusIndex.openExisting(IndexLocation.of(indexDir))) {
        index.rollback(target);
      } catch (RuntimeException e) {
        if (!refused(e)) {
          failure = e.toString();
        }
        return; // the index run holds the lock (or has published and pruned): the race is over
      }
      flips++;
      served.add(target);
      target = target == second ? first : second;
    }
  }

  Outcome outcome() {
    return new Outcome(flips, List.copyOf(served), failure);
  }

  /** Busy (the writer holds the lock), however this version of Weft says it, or a target pruned meanwhile. */
  static boolean refused(Throwable e) {
    if (e instanceof IllegalArgumentException) {
      return true;
    }
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof LockObtainFailedException
          || t instanceof WeftException weft && weft.status() == ExitStatus.BUSY) {
        return true;
      }
    }
    return false;
  }
}
