package dev.weft.index;

import dev.weft.context.IndexLocation;
import dev.weft.context.error.IndexBusyException;
import dev.weft.context.error.IndexDamagedException;
import dev.weft.context.generation.GenerationManifest;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.apache.lucene.index.CheckIndex;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexFileNames;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FilterDirectory;
import org.apache.lucene.store.Lock;
import org.apache.lucene.store.LockObtainFailedException;

/**
 * {@code weft check}: Lucene's CheckIndex on every kept generation, each reported on its own. Runs under the write
 * lock (no run may delete a commit while it is read), so it is busy while an index run is; on an index where the
 * lock cannot be taken at all (read-only), where no run can write either, it reads without it.
 *
 * <p>CheckIndex deep-checks the newest commit of a directory; each generation is checked through a view of the
 * Lucene directory that lists only that generation's {@code segments_N}, so every kept generation gets the full
 * check, not just the newest.
 */
public final class IndexCheck {
  /** Chunks whose neighbours {@code weft check} verifies: ~1 s of exact search on a 20k-vector generation here. */
  static final int SELF_RECALL_SAMPLE = 100;
  static final int SELF_RECALL_K = 10;

  /** Stands for the write lock where none can be taken: nothing to validate, nothing to release. */
  private static final Lock NO_WRITER_CAN_RUN = new Lock() {
    @Override
    public void close() {}

    @Override
    public void ensureValid() {}
  };

  /**
   * What one kept generation's check found. Printed field by field (TSV name/value or JSON), so a field added
   * here appears in both without more code.
   *
   * @param generation the generation number
   * @param served whether {@code CURRENT} names it
   * @param status {@code ok}, or {@code damaged}
   * @param segmentsFile the Lucene commit it reads, or empty when its manifest cannot be read
   * @param segments segments in that commit
   * @param documents live documents in that commit (chunks and file states)
   * @param problem what is wrong, naming the file; empty when ok
   * @param vectorsSampled chunk vectors searched with themselves for {@code selfRecall}; 0 when the generation has
   *     none (or failed the check)
   * @param selfRecall of the true 10 nearest neighbours of each sampled chunk (exact search), the share the search
   *     recall runs found ({@link VectorSelfRecall}); 1.0 when nothing was sampled. Below 0.99 the dense and
   *     hybrid answers of this generation miss neighbours (recall.md)
   */
  public record GenerationCheck(long generation, boolean served, String status, String segmentsFile, int segments,
      long documents, String problem, int vectorsSampled, double selfRecall) {
    public boolean ok() {
      return "ok".equals(status);
    }
  }

  /**
   * @param served the generation {@code CURRENT} names, or -1 when it cannot be read
   * @param currentProblem what is wrong with {@code CURRENT} (and the way out); empty when it is fine
   * @param generations every kept generation, newest first
   */
  public record Report(long served, String currentProblem, List<GenerationCheck> generations) {
    /** Whether CURRENT and every kept generation passed. */
    public boolean healthy() {
      return currentProblem.isEmpty() && generations.stream().allMatch(GenerationCheck::ok);
    }
  }

  private IndexCheck() {}

  /**
   * @throws IndexBusyException when another run holds the write lock past {@code wait}
   * @throws IndexNotFoundException when there is no index at {@code index}
   */
  public static Report run(IndexLocation index, Duration wait) {
    try (CorpusIndex opened = CorpusIndex.openExisting(index)) {
      return run(opened, wait);
    }
  }

  /** As {@link #run(IndexLocation, Duration)}, on an index already open (a test's read-only directory view). */
  static Report run(CorpusIndex index, Duration wait) {
    GenerationStore store = index.store();
    Directory directory = index.directory();
    try (Lock lock = writeLock(index, wait)) {
      String currentProblem = "";
      long served = -1;
      try {
        served = store.currentGeneration().orElse(-1L);
      } catch (IndexDamagedException e) {
        currentProblem = e.getMessage();
      }
      List<Long> kept = store.generationNumbers();
      List<GenerationCheck> checks = new ArrayList<>();
      for (long generation : kept) {
        checks.add(check(store, directory, lock, generation, generation == served));
      }
      if (served >= 0 && !kept.contains(served)) {
        currentProblem = unkept(store, served, kept, checks);
      }
      return new Report(served, currentProblem, checks);
    } catch (LockObtainFailedException e) {
      throw new IndexBusyException("cannot check " + index.location(),
          index.luceneDir().resolve(IndexWriter.WRITE_LOCK_NAME), e);
    } catch (IOException e) {
      throw IndexDamage.of(index.luceneDir(), "cannot check " + index.luceneDir(), e, "run `weft index --rebuild`");
    }
  }

  /**
   * The write lock, so that no run prunes a commit while it is read; none on an index where it cannot be taken
   * for any reason but another holder (a read-only mount or permissions): every writing run takes that same lock,
   * so none can prune there either, and a check must not need to write to read.
   */
  private static Lock writeLock(CorpusIndex index, Duration wait) throws IOException {
    try {
      return LockWait.of(wait).call(() -> index.directory().obtainLock(IndexWriter.WRITE_LOCK_NAME));
    } catch (LockObtainFailedException | InterruptedIOException e) {
      throw e; // busy, or stopped while waiting for it
    } catch (IOException e) {
      return NO_WRITER_CAN_RUN;
    }
  }

  /**
   * {@code CURRENT} names a generation that is not kept (a pointer edited by hand, or a manifest lost): what it
   * names, what is kept, and the way out by this check's own results.
   */
  private static String unkept(GenerationStore store, long served, List<Long> kept, List<GenerationCheck> checks) {
    Optional<Long> intact = checks.stream().filter(GenerationCheck::ok).map(GenerationCheck::generation).findFirst();
    return store.currentFile() + " names generation " + served + ", which is not kept (kept generations: " + kept
        + "); " + intact.map(g -> "run `weft rollback " + g + "` to serve the newest kept generation that passed "
            + "this check, or `weft index --rebuild` to re-index from the corpus")
        .orElse("run `weft index --rebuild` to re-index from the corpus");
  }

  private static GenerationCheck check(GenerationStore store, Directory directory, Lock lock, long generation,
      boolean served) throws IOException {
    GenerationManifest manifest;
    try {
      manifest = store.read(generation);
    } catch (IndexDamagedException e) {
      return new GenerationCheck(generation, served, "damaged", "", 0, 0, e.getMessage(), 0, 1.0);
    }
    String segments = manifest.segmentsFileName();
    if (!Arrays.asList(directory.listAll()).contains(segments)) {
      return damaged(generation, served, segments, segments + " is missing from " + store.index()
          .resolve(CorpusIndex.LUCENE));
    }
    try {
      // a commit that belongs to another generation (its name reused after it was lost) fails here, naming both
      ServedGenerations.commitOf(directory, store, manifest);
    } catch (IndexDamagedException e) {
      return damaged(generation, served, segments, e.getMessage());
    }
    ByteArrayOutputStream log = new ByteArrayOutputStream();
    try (CheckIndex checker = new CheckIndex(onlyCommit(directory, segments), unreleased(lock))) {
      checker.setThreadCount(1);
      checker.setInfoStream(new PrintStream(log, true, StandardCharsets.UTF_8));
      CheckIndex.Status status = checker.checkIndex();
      long documents = status.segmentInfos.stream()
          .mapToLong(s -> s.maxDoc - (s.liveDocStatus == null ? 0 : s.liveDocStatus.numDeleted)).sum();
      if (status.clean) {
        SelfRecall vectors = selfRecall(onlyCommit(directory, segments), generation);
        return new GenerationCheck(generation, served, "ok", segments, status.numSegments, documents, "",
            vectors.sampled(), vectors.recall());
      }
      return damaged(generation, served, segments, firstProblem(log.toString(StandardCharsets.UTF_8), status));
    } catch (IOException | RuntimeException e) {
      return damaged(generation, served, segments, e instanceof IOException io ? IndexDamage.describe(io)
          : String.valueOf(e.getMessage()));
    }
  }

  private static GenerationCheck damaged(long generation, boolean served, String segments, String problem) {
    return new GenerationCheck(generation, served, "damaged", segments, 0, 0, problem, 0, 1.0);
  }

  /**
   * A sampled self-recall of the generation's nearest-neighbour search (seeded by the generation number, so a check
   * repeats): approximate search is checked against the exact answer on the index's own vectors.
   */
  private static SelfRecall selfRecall(Directory commit, long generation) throws IOException {
    try (DirectoryReader reader = DirectoryReader.open(commit)) {
      return VectorSelfRecall.sample(reader, SELF_RECALL_SAMPLE, SELF_RECALL_K, generation);
    }
  }

  /** The first broken segment and why (naming the file), else CheckIndex's first error line. */
  private static String firstProblem(String log, CheckIndex.Status status) {
    for (CheckIndex.Status.SegmentInfoStatus segment : status.segmentInfos) {
      if (segment.error != null) {
        return "segment " + segment.name + ": " + (segment.error instanceof IOException io ? IndexDamage.describe(io)
            : String.valueOf(segment.error.getMessage()));
      }
    }
    Optional<String> line = log.lines().map(String::strip)
        .filter(l -> l.startsWith("ERROR") || l.startsWith("FAILED") || l.contains("Exception"))
        .findFirst();
    return line.orElse(status.numBadSegments + " broken segment(s)");
  }

  /** The Lucene directory as if {@code segments} were its only commit: CheckIndex checks the newest one. */
  private static Directory onlyCommit(Directory directory, String segments) {
    return new FilterDirectory(directory) {
      @Override
      public String[] listAll() throws IOException {
        return Arrays.stream(in.listAll())
            .filter(name -> !name.startsWith(IndexFileNames.SEGMENTS) || name.equals(segments))
            .toArray(String[]::new);
      }
    };
  }

  /** The write lock, held across every generation's check: CheckIndex releases its lock when it closes. */
  private static Lock unreleased(Lock lock) {
    return new Lock() {
      @Override
      public void close() {}

      @Override
      public void ensureValid() throws IOException {
        lock.ensureValid();
      }
    };
  }
}
