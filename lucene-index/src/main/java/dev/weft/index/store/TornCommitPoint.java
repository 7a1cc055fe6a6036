package dev.weft.index.store;

import dev.weft.index.LockWait;
import java.io.EOFException;
import java.io.IOException;
import java.nio.file.NoSuchFileException;
import java.time.Duration;
import java.util.Arrays;
import org.apache.lucene.index.CorruptIndexException;
import org.apache.lucene.index.IndexFileNames;
import org.apache.lucene.index.IndexFormatTooOldException;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.SegmentInfos;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.Lock;

/**
 * For commit points that are still files — a store written before the commit-point journal; in the journal a torn
 * record is simply not there ({@link JournalFormat}). What a crash between such a commit point's rename and its
 * fsync left ({@link SyncOnceDirectory}): the newest
 * {@code segments_N} named in the directory but empty or partly written, which Lucene refuses to open, beside the
 * commit before it, whole ({@link KeepPreviousCommit}). That newest commit was never acknowledged (a commit is
 * acknowledged after its fsyncs), so the store's state is the one before: this moves the torn file aside, to
 * {@code torn-segments_N}, under the write lock, and Lucene then opens the previous commit. A newest commit point
 * that reads, or one with no readable commit before it, is left alone (the latter is damage the store reports).
 */
final class TornCommitPoint {
  /** The prefix of a torn commit point set aside: no Lucene file name, so Lucene neither reads nor deletes it. */
  static final String ASIDE = "torn-";

  private TornCommitPoint() {}

  /**
   * Sets a torn newest commit point aside when the commit before it reads. Returns whether it did.
   *
   * @param lockWait how long to wait for the write lock when there is one to set aside
   */
  static boolean setAsideIfTorn(StoreDirectory stack, Duration lockWait) throws IOException {
    Directory directory = stack.top();
    if (!torn(directory)) {
      return false;
    }
    try (Lock lock = LockWait.of(lockWait).call(() -> directory.obtainLock(IndexWriter.WRITE_LOCK_NAME))) {
      // another process may have set it aside, or committed after it, before this one took the lock
      if (!torn(directory)) {
        return false;
      }
      lock.ensureValid();
      String newest = newest(directory.listAll());
      directory.rename(newest, ASIDE + newest);
      directory.syncMetaData();
      stack.syncs().awaitSynced();
      return true;
    }
  }

  /** Whether the newest commit point cannot be read while the one before it can. */
  private static boolean torn(Directory directory) throws IOException {
    String[] files = directory.listAll();
    String newest = newest(files);
    try {
      if (newest == null || readable(directory, newest)) {
        return false;
      }
    } catch (NoSuchFileException e) {
      // deleted by another process's commit since the listing: a newer one exists, and it is not torn
      return false;
    }
    long generation = SegmentInfos.generationFromSegmentsFileName(newest);
    return Arrays.stream(files)
        .filter(name -> name.startsWith(IndexFileNames.SEGMENTS + "_"))
        .filter(name -> SegmentInfos.generationFromSegmentsFileName(name) < generation)
        .max((a, b) -> Long.compare(SegmentInfos.generationFromSegmentsFileName(a),
            SegmentInfos.generationFromSegmentsFileName(b)))
        .map(previous -> readableQuietly(directory, previous))
        .orElse(false);
  }

  private static String newest(String[] files) {
    long generation = SegmentInfos.getLastCommitGeneration(files);
    return generation < 0 ? null : IndexFileNames.fileNameFromGeneration(IndexFileNames.SEGMENTS, "", generation);
  }

  private static boolean readable(Directory directory, String name) throws IOException {
    try {
      SegmentInfos.readCommit(directory, name);
      return true;
    } catch (CorruptIndexException | IndexFormatTooOldException | EOFException e) {
      return false;
    }
  }

  private static boolean readableQuietly(Directory directory, String name) {
    try {
      return readable(directory, name);
    } catch (IOException e) {
      return false;
    }
  }
}
