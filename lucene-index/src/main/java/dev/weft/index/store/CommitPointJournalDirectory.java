package dev.weft.index.store;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.zip.CRC32;
import org.apache.lucene.index.IndexFileNames;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.store.ByteBuffersDataInput;
import org.apache.lucene.store.ByteBuffersDataOutput;
import org.apache.lucene.store.ByteBuffersIndexInput;
import org.apache.lucene.store.ByteBuffersIndexOutput;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FSDirectory;
import org.apache.lucene.store.FilterDirectory;
import org.apache.lucene.store.IOContext;
import org.apache.lucene.store.IndexInput;
import org.apache.lucene.store.IndexOutput;
import org.apache.lucene.store.Lock;

/**
 * Keeps Lucene's commit points ({@code pending_segments_N}, {@code segments_N}) as checksummed records in one
 * preallocated file, {@value #FILE}, while segment files stay real files. A commit point costs an append and a
 * {@code FileChannel.force(false)} (fdatasync of a file whose size and blocks do not change: no file-system journal
 * commit), where a file costs a create, an fsync, a rename and a directory fsync (docs/ledger.md, "The commit-point
 * journal"). Format and torn-record rules: {@link JournalFormat}.
 *
 * <ul>
 *   <li>A pending commit point is written to memory; the rename that publishes it appends a {@code PUT} record;
 *       {@link #sync} of a recorded name forces the journal (the layer above calls it on its fsync pool, with its
 *       deadline). Segment files are synced, and the directory too, before that rename ({@link SyncOnceDirectory}
 *       waits for them first), so a record never names a file that a crash can lose.
 *   <li>Deleting a commit point appends a {@code DELETE} record; before a real file is deleted while such a record
 *       is not yet forced, the journal is forced: after any crash no live record names a missing file.
 *   <li>Every listing, open and length refreshes: it reads the records appended since (by another process) and
 *       notices a compaction by the file's key. A partly written record is not yet there.
 *   <li>Only the write-lock holder appends (Lucene renames and deletes commit points only under it). When the
 *       file is full, the live records are written to {@value #NEXT}, forced, renamed over the journal and the
 *       directory fsynced: a crash before the rename leaves the old journal (the next file is ignored and
 *       rewritten), after it the new one; both hold the same commit points.
 *   <li>A store without the file (new, or written by a version before the journal) has its commit points as real
 *       files; the journal is created at its first publish and real {@code segments_N} stay readable and deletable.
 * </ul>
 */
final class CommitPointJournalDirectory extends FilterDirectory {
  static final String FILE = "commit-points.journal";
  static final String NEXT = "commit-points.journal.next";
  static final long SIZE = 4L << 20;

  /**
   * Where the journal is: {@code written} and {@code renamed} in a compaction (a test's hook fails at one to leave
   * the files as a crash there would), {@code forced} after a force (a test orders it against deletes).
   */
  interface Steps {
    Steps NONE = step -> {};

    void reached(String step) throws IOException;
  }

  private final Path dir;
  private final Steps steps;
  private final JournalWaits waits;
  /** Guarded by this, as everything below: the journal file. */
  private final JournalFile file;
  /** The recorded commit points, and the pending ones of this process (never in the file). */
  private final TreeMap<String, byte[]> live = new TreeMap<>();
  private final Map<String, byte[]> pending = new HashMap<>();
  /** Appends made by this process, appends made durable, and the last append that deleted a commit point. */
  private long appended;
  private long forced;
  private long lastDelete;
  /**
   * Deletes of commit points not yet written: written with the next record, before a real file is deleted, before a
   * force, and before the write lock is released — never while a force is in flight for nothing (a write to the
   * file during its fdatasync makes that fdatasync wait for it; the background deleter's records did, at p95).
   */
  private final List<JournalFormat.Entry> unwritten = new ArrayList<>();
  /** Write locks this directory holds: while it holds one, no other process appends, so nothing needs reading. */
  private int locksHeld;

  CommitPointJournalDirectory(Directory in, Path dir) {
    this(in, dir, SIZE, SyncOnceDirectory.DEADLINE, Steps.NONE);
  }

  CommitPointJournalDirectory(Directory in, Path dir, long size, Duration deadline, Steps steps) {
    super(in);
    if (size < 4096) {
      throw new IllegalArgumentException("the journal size must be at least 4096 bytes, got: " + size);
    }
    this.dir = dir;
    this.steps = steps;
    this.waits = new JournalWaits(deadline);
    this.file = new JournalFile(dir, in, size, steps, waits);
  }

  /** The store directory {@code dir} as the store reads it: for readers and tools outside the store. */
  static Directory open(Path dir) throws IOException {
    return new CommitPointJournalDirectory(FSDirectory.open(dir), dir);
  }

  /** Whether Lucene's file {@code name} is a commit point, which this keeps as a record when it is written. */
  private static boolean commitPoint(String name) {
    return name.startsWith(IndexFileNames.PENDING_SEGMENTS)
        || name.startsWith(IndexFileNames.SEGMENTS + "_");
  }

  @Override
  public synchronized IndexOutput createOutput(String name, IOContext context) throws IOException {
    if (!commitPoint(name)) {
      return super.createOutput(name, context);
    }
    return new ByteBuffersIndexOutput(new ByteBuffersDataOutput(), name, name, new CRC32(), written -> {
      synchronized (this) {
        pending.put(name, written.toArrayCopy());
      }
    });
  }

  @Override
  public synchronized String[] listAll() throws IOException {
    refresh();
    TreeSet<String> all = new TreeSet<>();
    for (String name : super.listAll()) {
      if (!name.equals(FILE) && !name.equals(NEXT)) {
        all.add(name);
      }
    }
    all.addAll(live.keySet());
    all.addAll(pending.keySet());
    return all.toArray(String[]::new);
  }

  @Override
  public synchronized IndexInput openInput(String name, IOContext context) throws IOException {
    byte[] bytes = recorded(name);
    if (bytes == null) {
      return super.openInput(name, context);
    }
    return new ByteBuffersIndexInput(new ByteBuffersDataInput(List.of(ByteBuffer.wrap(bytes))), name);
  }

  @Override
  public synchronized long fileLength(String name) throws IOException {
    byte[] bytes = recorded(name);
    return bytes == null ? super.fileLength(name) : bytes.length;
  }

  private byte[] recorded(String name) throws IOException {
    byte[] bytes = pending.get(name);
    if (bytes != null) {
      return bytes;
    }
    if (commitPoint(name)) {
      // another process may have published or removed it since this one last looked
      refresh();
    }
    return live.get(name);
  }

  @Override
  public synchronized void rename(String source, String dest) throws IOException {
    byte[] bytes = pending.get(source);
    if (bytes != null) {
      append(new JournalFormat.Entry(JournalFormat.PUT, dest, bytes));
      pending.remove(source);
      return;
    }
    refresh();
    if (live.containsKey(source)) {
      append(new JournalFormat.Entry(JournalFormat.RENAME, source, dest.getBytes(StandardCharsets.UTF_8)));
      return;
    }
    super.rename(source, dest);
  }

  @Override
  public void deleteFile(String name) throws IOException {
    synchronized (this) {
      if (pending.remove(name) != null) {
        return;
      }
      refresh();
      if (live.containsKey(name)) {
        live.remove(name);
        unwritten.add(new JournalFormat.Entry(JournalFormat.DELETE, name, new byte[0]));
        return;
      }
      writeUnwritten();
    }
    // a real file: the record that stopped naming it must be durable before the file is gone
    forceThrough(true);
    super.deleteFile(name);
  }

  @Override
  public void sync(Collection<String> names) throws IOException {
    List<String> files = new ArrayList<>();
    boolean records = false;
    synchronized (this) {
      for (String name : names) {
        if (pending.containsKey(name) || live.containsKey(name)) {
          records = true;
        } else {
          files.add(name);
        }
      }
    }
    if (!files.isEmpty()) {
      super.sync(files);
    }
    if (records) {
      synchronized (this) {
        writeUnwritten();
      }
      forceThrough(false);
    }
  }

  /**
   * Makes every record appended so far durable. {@code deletesOnly}: only when a delete record is not yet
   * durable, and on the journal's thread with the deadline (the caller deletes a file, not on the fsync pool).
   */
  private void forceThrough(boolean deletesOnly) throws IOException {
    FileChannel target;
    long upTo;
    synchronized (this) {
      if (forced >= (deletesOnly ? lastDelete : appended)) {
        return;
      }
      target = file.channel();
      upTo = appended;
    }
    if (deletesOnly) {
      waits.run("force " + dir.resolve(FILE), () -> force(target));
    } else {
      force(target);
    }
    synchronized (this) {
      forced = Math.max(forced, upTo);
    }
    steps.reached("forced");
  }

  private void force(FileChannel target) throws IOException {
    try {
      target.force(false);
    } catch (ClosedChannelException e) {
      // compacted meanwhile: the new journal was forced whole, with every record this one held
      synchronized (this) {
        if (target == file.channel()) {
          throw e;
        }
      }
    }
  }

  /** Reads what other processes appended since, unless this holds the write lock (then no one else appends). */
  private void refresh() throws IOException {
    if (locksHeld == 0 || !file.isOpen()) {
      file.refresh(live);
    }
  }

  /** Writes the deletes not yet written (not yet durable). */
  private void writeUnwritten() throws IOException {
    if (!unwritten.isEmpty()) {
      append(null);
    }
  }

  /**
   * Appends the unwritten deletes and {@code entry} (when not null) in one write, not yet durable ({@link #sync}
   * forces), creating or compacting the journal first.
   */
  private void append(JournalFormat.Entry entry) throws IOException {
    refresh();
    List<JournalFormat.Entry> entries = new ArrayList<>(unwritten);
    if (entry != null) {
      entries.add(entry);
    }
    if (entries.isEmpty()) {
      return;
    }
    if (file.append(entries, live)) {
      // a new journal, forced whole: every record before these is durable
      forced = appended;
    }
    if (!unwritten.isEmpty()) {
      lastDelete = appended + 1;
    }
    unwritten.clear();
    if (entry != null) {
      JournalFormat.apply(live, entry, dir.resolve(FILE));
    }
    appended++;
  }

  /**
   * The write lock, which Lucene takes through this directory: taking it reads the journal once (another process
   * may have appended before releasing it), and releasing it first writes the deletes not yet written, so no
   * process appends without it.
   */
  @Override
  public Lock obtainLock(String name) throws IOException {
    Lock lock = super.obtainLock(name);
    if (!name.equals(IndexWriter.WRITE_LOCK_NAME)) {
      return lock;
    }
    synchronized (this) {
      try {
        refresh();
      } catch (IOException | RuntimeException e) {
        lock.close();
        throw e;
      }
      locksHeld++;
    }
    return new Lock() {
      private boolean closed;

      @Override
      public void close() throws IOException {
        synchronized (CommitPointJournalDirectory.this) {
          if (closed) {
            return;
          }
          closed = true;
          try {
            writeUnwritten();
          } finally {
            locksHeld--;
            lock.close();
          }
        }
      }

      @Override
      public void ensureValid() throws IOException {
        lock.ensureValid();
      }

      @Override
      public String toString() {
        return lock.toString();
      }
    };
  }

  @Override
  public synchronized void close() throws IOException {
    try {
      waits.close();
      file.close();
    } finally {
      super.close();
    }
  }
}
