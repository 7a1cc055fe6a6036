package dev.weft.index.store;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.lucene.store.Directory;

/**
 * The commit-point journal's file as one process sees it ({@link CommitPointJournalDirectory} guards every call
 * with its monitor): where the next record goes, reading what others appended, appending, and compacting into a
 * new file. Format: {@link JournalFormat}.
 */
final class JournalFile implements AutoCloseable {
  private final Path dir;
  private final Path path;
  private final Path next;
  /** The store's file-system directory: its entries are fsynced once a new journal is renamed into place. */
  private final Directory entries;
  private final long initialSize;
  private final CommitPointJournalDirectory.Steps steps;
  private final JournalWaits waits;
  private final SecureRandom random = new SecureRandom();
  private FileChannel channel;
  /** Whether {@link #channel} was opened for writing: a read opens it read-only (a read-only store reads too). */
  private boolean writable;
  private Object fileKey;
  private JournalFormat.Header header;
  private JournalFormat.End end;

  JournalFile(Path dir, Directory entries, long initialSize, CommitPointJournalDirectory.Steps steps,
      JournalWaits waits) {
    this.dir = dir;
    this.path = dir.resolve(CommitPointJournalDirectory.FILE);
    this.next = dir.resolve(CommitPointJournalDirectory.NEXT);
    this.entries = entries;
    this.initialSize = initialSize;
    this.steps = steps;
    this.waits = waits;
  }

  boolean isOpen() {
    return channel != null;
  }

  /** The channel appends go to (forced by the caller); null before the journal exists. */
  FileChannel channel() {
    return channel;
  }

  /**
   * Brings {@code live} up to date: the records appended since the last read, or the whole journal when it is new
   * to this process or was compacted (its file key changed). A journal removed by hand leaves only real files.
   */
  void refresh(Map<String, byte[]> live) throws IOException {
    Object key;
    try {
      key = Files.readAttributes(path, BasicFileAttributes.class).fileKey();
    } catch (NoSuchFileException e) {
      if (channel != null) {
        channel.close();
        channel = null;
        writable = false;
        live.clear();
      }
      return;
    }
    if (channel != null && key != null && key.equals(fileKey)) {
      end = JournalFormat.scan(channel, header, end, entry -> JournalFormat.apply(live, entry, path));
      return;
    }
    // read-only: a reader of a read-only store (a read-only mount, or no write permission) must not need more
    FileChannel opened = FileChannel.open(path, StandardOpenOption.READ);
    try {
      JournalFormat.Header read = JournalFormat.readHeader(opened, path.toString());
      TreeMap<String, byte[]> whole = new TreeMap<>();
      end = JournalFormat.scan(opened, read, JournalFormat.End.first(read),
          entry -> JournalFormat.apply(whole, entry, path));
      live.clear();
      live.putAll(whole);
      header = read;
    } catch (IOException | RuntimeException e) {
      opened.close();
      throw e;
    }
    if (channel != null) {
      channel.close();
    }
    channel = opened;
    writable = false;
    fileKey = key;
  }

  /**
   * Reopens the journal read by {@link #refresh} for writing, when it was opened read-only. The caller holds the
   * write lock (only its holder appends), so the file is the one read: its key is checked all the same.
   */
  private void openForWriting() throws IOException {
    if (writable) {
      return;
    }
    FileChannel opened = FileChannel.open(path, StandardOpenOption.READ, StandardOpenOption.WRITE);
    Object key = Files.readAttributes(path, BasicFileAttributes.class).fileKey();
    if (key != null && !key.equals(fileKey)) {
      opened.close();
      throw new IOException("the journal " + path + " was replaced while the write lock was held; nothing was "
          + "appended — check that no other tool writes the store, then retry");
    }
    channel.close();
    channel = opened;
    writable = true;
  }

  /**
   * Appends {@code records} in one write, not yet durable. Creates the journal first when there is none, and
   * compacts it into a new one holding {@code live} when they do not fit. Returns whether it made a new journal
   * (which was forced whole: every record before these is durable).
   */
  boolean append(List<JournalFormat.Entry> records, Map<String, byte[]> live) throws IOException {
    boolean made = false;
    if (channel == null) {
      install(initialSize, List.of());
      made = true;
    } else {
      openForWriting();
    }
    Encoded encoded = encode(records);
    if (encoded.end().position() > header.size()) {
      long needed = JournalFormat.HEADER + encoded.bytes().remaining();
      List<JournalFormat.Entry> kept = new ArrayList<>();
      for (Map.Entry<String, byte[]> each : live.entrySet()) {
        kept.add(new JournalFormat.Entry(JournalFormat.PUT, each.getKey(), each.getValue()));
        needed += JournalFormat.RECORD_OVERHEAD + each.getKey().length() + each.getValue().length;
      }
      install(Math.max(initialSize, Long.highestOneBit(2 * needed) << 1), kept);
      made = true;
      encoded = encode(records);
    }
    JournalFormat.writeFully(channel, encoded.bytes(), end.position());
    end = encoded.end();
    return made;
  }

  /** Records ready to write where the journal ends now, and where it ends after them. */
  private record Encoded(ByteBuffer bytes, JournalFormat.End end) {}

  private Encoded encode(List<JournalFormat.Entry> records) {
    List<byte[]> encoded = new ArrayList<>();
    int length = 0;
    JournalFormat.End at = end;
    for (JournalFormat.Entry record : records) {
      byte[] bytes = JournalFormat.record(header.salt(), at, record);
      encoded.add(bytes);
      at = at.after(bytes);
      length += bytes.length;
    }
    ByteBuffer buffer = ByteBuffer.allocate(length);
    encoded.forEach(buffer::put);
    return new Encoded(buffer.flip(), at);
  }

  /**
   * Writes a journal of {@code size} holding {@code records} to {@link CommitPointJournalDirectory#NEXT}, forces
   * it, renames it over the journal and fsyncs the directory; appends then go to it. A crash before the rename
   * leaves the old journal, after it the new one: the same live commit points.
   */
  private void install(long size, List<JournalFormat.Entry> records) throws IOException {
    FileChannel written = FileChannel.open(next, StandardOpenOption.CREATE, StandardOpenOption.TRUNCATE_EXISTING,
        StandardOpenOption.READ, StandardOpenOption.WRITE);
    JournalFormat.End position;
    try {
      position = JournalFormat.write(written, random.nextLong(), size, records);
      waits.run("force " + next, () -> written.force(true));
      steps.reached("written");
      Files.move(next, path, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
      steps.reached("renamed");
      waits.run("fsync the directory " + dir, entries::syncMetaData);
      header = JournalFormat.readHeader(written, path.toString());
    } catch (IOException | RuntimeException e) {
      written.close();
      throw e;
    }
    if (channel != null) {
      channel.close();
    }
    channel = written;
    writable = true;
    end = position;
    fileKey = Files.readAttributes(path, BasicFileAttributes.class).fileKey();
  }

  @Override
  public void close() throws IOException {
    if (channel != null) {
      channel.close();
    }
  }
}
