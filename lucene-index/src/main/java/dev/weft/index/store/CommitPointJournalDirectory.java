package dev.weft.index.store;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
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
  private final long initialSize;
  private final Duration deadline;
  private final Steps steps;
  private final SecureRandom random = new SecureRandom();
  /** Guarded by this: the recorded commit points, and the pending ones of this process (never in the file). */
  private final TreeMap<String, byte[]> live = new TreeMap<>();
  private final Map<String, byte[]> pending = new HashMap<>();
  private FileChannel channel;
  private Object fileKey;
  private JournalFormat.Header header;
  private JournalFormat.End end;
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
  private ExecutorService waits;

  CommitPointJournalDirectory(Directory in, Path dir) {
    this(in, dir, SIZE, SyncOnceDirectory.DEADLINE, Steps.NONE);
  }

  CommitPointJournalDirectory(Directory in, Path dir, long size, Duration deadline, Steps steps) {
    super(in);
    if (size < 4096) {
      throw new IllegalArgumentException("the journal size must be at least 4096 bytes, got: " + size);
    }
    this.dir = dir;
    this.initialSize = size;
    this.deadline = deadline;
    this.steps = steps;
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
      target = channel;
      upTo = appended;
    }
    if (deletesOnly) {
      within("force " + dir.resolve(FILE), () -> force(target));
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
        if (target == channel) {
          throw e;
        }
      }
    }
  }

  /** Reads what other processes appended since, or the whole journal when it is new or was compacted. */
  private void refresh() throws IOException {
    if (locksHeld > 0 && channel != null) {
      return;
    }
    Path file = dir.resolve(FILE);
    Object key;
    try {
      key = Files.readAttributes(file, BasicFileAttributes.class).fileKey();
    } catch (NoSuchFileException e) {
      if (channel != null) {
        // removed by hand: what it held is gone, and the real files are all there is
        channel.close();
        channel = null;
        live.clear();
      }
      return;
    }
    if (channel != null && key != null && key.equals(fileKey)) {
      end = JournalFormat.scan(channel, header, end, this::apply);
      return;
    }
    FileChannel opened = FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE);
    JournalFormat.Header read;
    try {
      read = JournalFormat.readHeader(opened, file.toString());
      TreeMap<String, byte[]> before = new TreeMap<>(live);
      live.clear();
      try {
        end = JournalFormat.scan(opened, read, JournalFormat.End.first(read), this::apply);
      } catch (IOException | RuntimeException e) {
        live.clear();
        live.putAll(before);
        throw e;
      }
    } catch (IOException | RuntimeException e) {
      opened.close();
      throw e;
    }
    if (channel != null) {
      channel.close();
    }
    channel = opened;
    header = read;
    fileKey = key;
  }

  private void apply(JournalFormat.Entry entry) {
    switch (entry.type()) {
      case JournalFormat.PUT -> live.put(entry.name(), entry.data());
      case JournalFormat.DELETE -> live.remove(entry.name());
      case JournalFormat.RENAME -> {
        byte[] bytes = live.remove(entry.name());
        if (bytes != null) {
          live.put(new String(entry.data(), StandardCharsets.UTF_8), bytes);
        }
      }
      default -> throw new IllegalStateException("unknown journal record type " + entry.type() + " for "
          + entry.name() + " in " + dir.resolve(FILE) + "; a newer Weft wrote it: open the store with that");
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
    if (channel == null) {
      install(initialSize, List.of());
    }
    List<JournalFormat.Entry> entries = new ArrayList<>(unwritten);
    if (entry != null) {
      entries.add(entry);
    }
    if (entries.isEmpty()) {
      return;
    }
    JournalFormat.End at = end;
    List<byte[]> records = new ArrayList<>();
    int length = 0;
    for (JournalFormat.Entry each : entries) {
      byte[] record = JournalFormat.record(header.salt(), at, each);
      records.add(record);
      at = at.after(record);
      length += record.length;
    }
    if (at.position() > header.size()) {
      // the live map already lacks the unwritten deletes: the compacted journal needs only the entry
      unwritten.clear();
      compact(length);
      append(entry);
      return;
    }
    ByteBuffer buffer = ByteBuffer.allocate(length);
    records.forEach(buffer::put);
    JournalFormat.writeFully(channel, buffer.flip(), end.position());
    end = at;
    if (!unwritten.isEmpty()) {
      lastDelete = appended + 1;
    }
    unwritten.clear();
    if (entry != null) {
      apply(entry);
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

  /** Rewrites the live records into a new journal big enough for them twice over and the next record. */
  private void compact(int next) throws IOException {
    long needed = JournalFormat.HEADER + next;
    List<JournalFormat.Entry> records = new ArrayList<>();
    for (Map.Entry<String, byte[]> each : live.entrySet()) {
      records.add(new JournalFormat.Entry(JournalFormat.PUT, each.getKey(), each.getValue()));
      needed += JournalFormat.RECORD_OVERHEAD + each.getKey().length() + each.getValue().length;
    }
    install(Math.max(initialSize, Long.highestOneBit(2 * needed) << 1), records);
  }

  /**
   * Writes a journal of {@code size} holding {@code records} to {@value #NEXT}, makes it durable, renames it to
   * {@value #FILE} and fsyncs the directory; then appends go to it.
   */
  private void install(long size, List<JournalFormat.Entry> records) throws IOException {
    long salt = random.nextLong();
    Path next = dir.resolve(NEXT);
    Path file = dir.resolve(FILE);
    FileChannel written = FileChannel.open(next, StandardOpenOption.CREATE, StandardOpenOption.TRUNCATE_EXISTING,
        StandardOpenOption.READ, StandardOpenOption.WRITE);
    ByteBuffer headerBytes = JournalFormat.header(salt, size);
    JournalFormat.Header made = new JournalFormat.Header(salt, size, headerBytes.getInt(JournalFormat.HEADER - 4));
    JournalFormat.End position = JournalFormat.End.first(made);
    try {
      JournalFormat.writeFully(written, headerBytes, 0);
      for (JournalFormat.Entry record : records) {
        byte[] bytes = JournalFormat.record(salt, position, record);
        JournalFormat.writeFully(written, ByteBuffer.wrap(bytes), position.position());
        position = position.after(bytes);
      }
      // zeros to the end: later appends overwrite allocated blocks, so force(false) changes no metadata
      ByteBuffer zeros = ByteBuffer.allocate(1 << 16);
      for (long at = position.position(); at < size; at += zeros.capacity()) {
        zeros.clear().limit((int) Math.min(zeros.capacity(), size - at));
        JournalFormat.writeFully(written, zeros, at);
      }
      within("force " + next, () -> written.force(true));
      steps.reached("written");
      Files.move(next, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
      steps.reached("renamed");
      within("fsync the directory " + dir, () -> in.syncMetaData());
    } catch (IOException | RuntimeException e) {
      written.close();
      throw e;
    }
    if (channel != null) {
      channel.close();
    }
    channel = written;
    header = made;
    end = position;
    fileKey = Files.readAttributes(file, BasicFileAttributes.class).fileKey();
    forced = appended;
  }

  private interface Wait {
    void run() throws IOException;
  }

  /** Runs {@code wait} on the journal's thread and waits at most the deadline: a disk that stops answering fails. */
  private void within(String what, Wait wait) throws IOException {
    Future<?> done;
    synchronized (this) {
      if (waits == null) {
        waits = Executors.newSingleThreadExecutor(task -> {
          Thread thread = new Thread(task, "weft-store-journal");
          thread.setDaemon(true);
          return thread;
        });
      }
      done = waits.submit(() -> {
        wait.run();
        return null;
      });
    }
    try {
      done.get(deadline.toMillis(), TimeUnit.MILLISECONDS);
    } catch (ExecutionException e) {
      throw e.getCause() instanceof IOException io ? io : new IOException("cannot " + what + ": " + e.getCause(),
          e.getCause());
    } catch (TimeoutException e) {
      throw new IOException("cannot " + what + ": it did not finish within " + deadline.toMillis()
          + " ms; the disk is not answering — check it, then retry");
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new InterruptedIOException("interrupted while waiting to " + what);
    }
  }

  @Override
  public synchronized void close() throws IOException {
    try {
      if (waits != null) {
        waits.shutdown();
      }
      if (channel != null) {
        channel.close();
      }
    } finally {
      super.close();
    }
  }
}
