package dev.weft.index.store;

import org.apache.lucene.index.IndexFileNames;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.IOContext;
import org.apache.lucene.store.NRTCachingDirectory;

/**
 * Keeps new files in memory until Lucene syncs them, so only what a commit names reaches the disk.
 *
 * <p>Flushing a one-document segment creates some twenty small codec files, packs them into a compound file and
 * deletes them; stored fields add temporary files. On disk each create and delete is a journalled metadata change
 * that waits behind the fsyncs of the commit (measured: ~23 creates and deletes a commit, 14–24 ms of them on the
 * shared VM). Lucene's {@link NRTCachingDirectory} writes a flushed or merged segment's files to memory and copies
 * each to the real directory when it is synced; this also caches files written without a flush or merge context
 * (stored fields and their temporary files), while the cache is under its size.
 *
 * <p>Durability is unchanged: {@code IndexWriter.commit()} syncs every file the commit names before it writes
 * {@code segments_N}, and a sync moves the file to disk first. A crash loses only cached files, which no commit
 * names. The commit files themselves ({@code pending_segments_N}, {@code segments_N}) go straight to disk.
 */
final class WriteCacheDirectory extends NRTCachingDirectory {
  /** A merge estimated larger than this is written to disk directly. */
  static final double MAX_MERGE_MB = 4;
  /** Past this many cached bytes, new files are written to disk directly. */
  static final double MAX_CACHED_MB = 32;
  private static final long MAX_CACHED_BYTES = (long) (MAX_CACHED_MB * 1024 * 1024);

  WriteCacheDirectory(Directory in) {
    super(in, MAX_MERGE_MB, MAX_CACHED_MB);
  }

  @Override
  protected boolean doCacheWrite(String name, IOContext context) {
    if (name.startsWith(IndexFileNames.SEGMENTS) || name.startsWith(IndexFileNames.PENDING_SEGMENTS)) {
      return false;
    }
    if (context.mergeInfo != null || context.flushInfo != null) {
      return super.doCacheWrite(name, context);
    }
    return ramBytesUsed() < MAX_CACHED_BYTES;
  }
}
