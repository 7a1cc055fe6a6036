package dev.weft.jobs.chaos;

import dev.weft.context.error.ExitStatus;
import dev.weft.context.error.WeftException;
import dev.weft.index.CorpusIndex;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.BooleanSupplier;
import org.apache.lucene.store.LockObtainFailedException;

/**
 * Races an index run far more tightly than a {@code weft rollback} process can: from this JVM it flips
 * {@code CURRENT} between two kept generations as fast as rollbacks go, from the index run's start until a rollback
 * is refused because the run holds {@code write.lock}, then stops. An index run that plans against one generation
 * and writes onto the other is what the suite's stale check then finds; a run that plans under its lock (or checks
 * its base after taking it) is unaffected.
 */
final class RollbackHammer implements Runnable {
  private final Path indexDir;
  private final long first;
  private final long second;
  private final BooleanSupplier indexRunning;
  private final Set<Long> served = new LinkedHashSet<>();
  private int flips;
  private String failure;

  /**
   * @param first the generation served when the index run starts
   * @param second another kept generation
   * @param indexRunning whether the racing index process still runs: the hammer also stops when it has exited
   */
  RollbackHammer(Path indexDir, long first, long second, BooleanSupplier indexRunning) {
    this.indexDir = indexDir;
    this.first = first;
    this.second = second;
    this.indexRunning = indexRunning;
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
    while (indexRunning.getAsBoolean()) {
      try (CorpusIndex index = CorpusIndex.openExisting(indexDir)) {
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
