package dev.weft.bench.ledger;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.zip.CRC32;
import org.apache.lucene.index.IndexFileNames;
import org.apache.lucene.store.ByteBuffersDataInput;
import org.apache.lucene.store.ByteBuffersDataOutput;
import org.apache.lucene.store.ByteBuffersIndexInput;
import org.apache.lucene.store.ByteBuffersIndexOutput;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FilterDirectory;
import org.apache.lucene.store.IOContext;
import org.apache.lucene.store.IndexInput;
import org.apache.lucene.store.IndexOutput;

/**
 * A measuring probe, not a store: Lucene's commit points ({@code pending_segments_N}, {@code segments_N}) kept as
 * checksummed records appended to one preallocated file and made durable by {@code force(false)} (fdatasync of a
 * file whose size and blocks do not change, as SQLite's WAL after its first pass), while segment files stay real
 * files. The rename that publishes a commit appends its record and fdatasyncs; nothing else of a commit point
 * reaches the file system. It answers one question in the same run as SQLite: how fast "one
 * {@code IndexWriter.commit()} per step" could be without a new file, a rename and a directory fsync per commit
 * (ledger.md, benchmarks.md). What a store would also need — reading the records back after a crash, torn records,
 * compaction when the file fills, other processes' readers — is left out: the file wraps around, and the records
 * are read from memory.
 */
final class CommitPointJournal extends FilterDirectory {
  private static final int MAGIC = 0x57454654;
  private static final long SIZE = 8L << 20;
  private final Map<String, byte[]> published = new HashMap<>();
  private final Map<String, byte[]> pending = new HashMap<>();
  private final FileChannel journal;
  private long position;
  private boolean entriesChanged = true;

  /** Over {@code in}, the records in {@code file}, written through with zeros first so no write allocates. */
  CommitPointJournal(Directory in, Path file) throws IOException {
    super(in);
    this.journal = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.READ,
        StandardOpenOption.WRITE);
    ByteBuffer zeros = ByteBuffer.allocate(1 << 20);
    for (long offset = 0; offset < SIZE; offset += zeros.capacity()) {
      zeros.clear();
      journal.write(zeros, offset);
    }
    journal.force(true);
  }

  private static boolean commitPoint(String name) {
    return name.startsWith(IndexFileNames.PENDING_SEGMENTS) || name.startsWith(IndexFileNames.SEGMENTS);
  }

  @Override
  public IndexOutput createOutput(String name, IOContext context) throws IOException {
    if (!commitPoint(name)) {
      entriesChanged = true;
      return super.createOutput(name, context);
    }
    return new ByteBuffersIndexOutput(new ByteBuffersDataOutput(), name, name, new CRC32(),
        written -> pending.put(name, written.toArrayCopy()));
  }

  @Override
  public void sync(Collection<String> names) throws IOException {
    List<String> files = new ArrayList<>();
    for (String name : names) {
      if (!commitPoint(name)) {
        files.add(name);
      }
    }
    if (!files.isEmpty()) {
      super.sync(files);
    }
  }

  @Override
  public void syncMetaData() throws IOException {
    // a commit that publishes only its record changed no directory entry
    if (entriesChanged) {
      entriesChanged = false;
      super.syncMetaData();
    }
  }

  @Override
  public void rename(String source, String dest) throws IOException {
    byte[] bytes = pending.remove(source);
    if (bytes == null) {
      entriesChanged = true;
      super.rename(source, dest);
      return;
    }
    byte[] name = dest.getBytes(StandardCharsets.UTF_8);
    ByteBuffer record = ByteBuffer.allocate(16 + name.length + bytes.length);
    record.putInt(MAGIC).putInt(name.length).putInt(bytes.length).put(name).put(bytes);
    CRC32 crc = new CRC32();
    crc.update(record.array(), 0, record.position());
    record.putInt((int) crc.getValue()).flip();
    if (position + record.remaining() > SIZE) {
      position = 0;
    }
    position += journal.write(record, position);
    journal.force(false);
    published.put(dest, bytes);
  }

  @Override
  public void deleteFile(String name) throws IOException {
    if (published.remove(name) == null && pending.remove(name) == null) {
      super.deleteFile(name);
    }
  }

  @Override
  public String[] listAll() throws IOException {
    TreeSet<String> all = new TreeSet<>(Arrays.asList(super.listAll()));
    all.addAll(published.keySet());
    all.addAll(pending.keySet());
    return all.toArray(String[]::new);
  }

  @Override
  public long fileLength(String name) throws IOException {
    byte[] bytes = recorded(name);
    return bytes == null ? super.fileLength(name) : bytes.length;
  }

  @Override
  public IndexInput openInput(String name, IOContext context) throws IOException {
    byte[] bytes = recorded(name);
    if (bytes == null) {
      return super.openInput(name, context);
    }
    return new ByteBuffersIndexInput(new ByteBuffersDataInput(List.of(ByteBuffer.wrap(bytes))), name);
  }

  private byte[] recorded(String name) {
    byte[] bytes = published.get(name);
    return bytes != null ? bytes : pending.get(name);
  }

  @Override
  public void close() throws IOException {
    try {
      journal.close();
    } finally {
      super.close();
    }
  }
}
