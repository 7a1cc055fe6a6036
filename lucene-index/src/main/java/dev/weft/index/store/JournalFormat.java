package dev.weft.index.store;

import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.zip.CRC32;
import org.apache.lucene.index.CorruptIndexException;

/**
 * The bytes of the commit-point journal ({@link CommitPointJournalDirectory}): a header, then records one after
 * another, then zeros to the file's preallocated end.
 *
 * <pre>
 * header  magic "WFJH" | version 1 | salt (8) | size (8) | CRC32 of the 24 bytes before it      = 28 bytes
 * record  magic "WFJR" | salt (8) | sequence (8) | previous (4) | type (1) | name length (4)
 *         | data length (4) | name (UTF-8) | data | CRC32 of every byte of the record before it    = 37 + name + data
 * </pre>
 *
 * <p>A record is live when its magic, salt, sequence and previous are the expected ones (the journal's salt, the
 * previous record's sequence plus one and its CRC — the header's for the first), its lengths fit the file and its
 * CRC matches; reading stops at the first record that is not. So a record cut short by a crash, and anything after
 * it, is not there. The link to the previous record's CRC is what makes that hold after recovery: a crash can make
 * a later record durable and an earlier one not (the page cache writes blocks back in any order); the next writer
 * appends after the last whole record, over the lost one, and if its record happens to end exactly where the lost
 * one did, the stale record after it has the expected salt and sequence but links to the lost record's CRC, not to
 * the new one's (they differ: every Lucene commit point carries a random id), so it is not read. The salt, new for
 * every journal file, keeps another file's bytes from parsing.
 */
final class JournalFormat {
  static final int HEADER_MAGIC = 0x57464a48;
  static final int RECORD_MAGIC = 0x57464a52;
  static final int VERSION = 1;
  static final int HEADER = 28;
  static final int RECORD_HEAD = 33;
  static final int RECORD_OVERHEAD = RECORD_HEAD + 4;
  /** Commit-point names are short; anything longer is not a record. */
  static final int MAX_NAME = 1024;

  static final byte PUT = 1;
  static final byte DELETE = 2;
  static final byte RENAME = 3;

  private JournalFormat() {}

  /** One record: {@code name} put with {@code data}, deleted, or renamed to the name in {@code data}. */
  record Entry(byte type, String name, byte[] data) {}

  /** What a record means to whoever reads it. */
  interface Apply {
    void apply(Entry entry);
  }

  /** A journal's header: its salt, preallocated size and CRC (what the first record links to). */
  record Header(long salt, long size, int crc) {}

  static ByteBuffer header(long salt, long size) {
    ByteBuffer buffer = ByteBuffer.allocate(HEADER);
    buffer.putInt(HEADER_MAGIC).putInt(VERSION).putLong(salt).putLong(size);
    buffer.putInt(crc(buffer.array(), buffer.position()));
    return buffer.flip();
  }

  /** The header of {@code channel}, or an exception naming what is wrong with it. */
  static Header readHeader(FileChannel channel, String what) throws IOException {
    ByteBuffer buffer = ByteBuffer.allocate(HEADER);
    readFully(channel, buffer, 0, what);
    int magic = buffer.getInt(0);
    int version = buffer.getInt(4);
    if (magic != HEADER_MAGIC || buffer.getInt(24) != crc(buffer.array(), 24)) {
      throw new CorruptIndexException("no valid journal header (magic or checksum wrong)", what);
    }
    if (version != VERSION) {
      throw new CorruptIndexException("journal version " + version + "; this Weft reads version " + VERSION
          + " (a newer Weft wrote it: open the store with that)", what);
    }
    return new Header(buffer.getLong(8), buffer.getLong(16), buffer.getInt(24));
  }

  /** The record of {@code entry} after the one {@code after} ended. */
  static byte[] record(long salt, End after, Entry entry) {
    byte[] name = entry.name().getBytes(StandardCharsets.UTF_8);
    ByteBuffer buffer = ByteBuffer.allocate(RECORD_OVERHEAD + name.length + entry.data().length);
    buffer.putInt(RECORD_MAGIC).putLong(salt).putLong(after.sequence()).putInt(after.crc()).put(entry.type())
        .putInt(name.length)
        .putInt(entry.data().length).put(name).put(entry.data());
    buffer.putInt(crc(buffer.array(), buffer.position()));
    return buffer.array();
  }

  /**
   * Where reading stopped: the offset after the last live record, the sequence the next one must carry and the CRC
   * it links to.
   */
  record End(long position, long sequence, int crc) {
    /** Where the first record of a journal with {@code header} goes. */
    static End first(Header header) {
      return new End(HEADER, 0, header.crc());
    }

    /** After a record of these bytes. */
    End after(byte[] record) {
      return new End(position + record.length, sequence + 1, crcOf(record));
    }
  }

  /** The CRC a record's bytes end with. */
  static int crcOf(byte[] record) {
    return ByteBuffer.wrap(record).getInt(record.length - 4);
  }

  /**
   * Reads the live records of {@code channel} from {@code from} and hands each to {@code apply}; stops at the
   * first that is not live.
   */
  static End scan(FileChannel channel, Header header, End from, Apply apply) throws IOException {
    ByteBuffer head = ByteBuffer.allocate(RECORD_HEAD);
    End end = from;
    while (end.position() + RECORD_OVERHEAD <= header.size()) {
      head.clear();
      if (!readFully(channel, head, end.position())) {
        break;
      }
      int nameLength = head.getInt(25);
      int dataLength = head.getInt(29);
      long length = (long) RECORD_OVERHEAD + nameLength + dataLength;
      if (head.getInt(0) != RECORD_MAGIC || head.getLong(4) != header.salt() || head.getLong(12) != end.sequence()
          || head.getInt(20) != end.crc() || nameLength < 1 || nameLength > MAX_NAME || dataLength < 0
          || end.position() + length > header.size()) {
        break;
      }
      ByteBuffer whole = ByteBuffer.allocate((int) length);
      if (!readFully(channel, whole, end.position())) {
        break;
      }
      byte[] bytes = whole.array();
      if (crcOf(bytes) != crc(bytes, bytes.length - 4)) {
        break;
      }
      String name = new String(bytes, RECORD_HEAD, nameLength, StandardCharsets.UTF_8);
      byte[] data = new byte[dataLength];
      System.arraycopy(bytes, RECORD_HEAD + nameLength, data, 0, dataLength);
      apply.apply(new Entry(head.get(24), name, data));
      end = end.after(bytes);
    }
    return end;
  }

  /** What {@code entry} does to the live commit points; {@code where} names the journal in a failure. */
  static void apply(Map<String, byte[]> live, Entry entry, Path where) {
    switch (entry.type()) {
      case PUT -> live.put(entry.name(), entry.data());
      case DELETE -> live.remove(entry.name());
      case RENAME -> {
        byte[] bytes = live.remove(entry.name());
        if (bytes != null) {
          live.put(new String(entry.data(), StandardCharsets.UTF_8), bytes);
        }
      }
      default -> throw new IllegalStateException("unknown journal record type " + entry.type() + " for "
          + entry.name() + " in " + where + "; a newer Weft wrote it: open the store with that");
    }
  }

  private static int crc(byte[] bytes, int length) {
    CRC32 crc = new CRC32();
    crc.update(bytes, 0, length);
    return (int) crc.getValue();
  }

  /** Fills {@code buffer} from {@code position}; false when the file ends first. */
  private static boolean readFully(FileChannel channel, ByteBuffer buffer, long position) throws IOException {
    while (buffer.hasRemaining()) {
      int read = channel.read(buffer, position + buffer.position());
      if (read < 0) {
        return false;
      }
    }
    return true;
  }

  private static void readFully(FileChannel channel, ByteBuffer buffer, long position, String what)
      throws IOException {
    if (!readFully(channel, buffer, position)) {
      throw new EOFException(what + " ends inside its header");
    }
  }

  /**
   * Writes a whole journal of {@code size} bytes to {@code channel}: the header, {@code records}, then zeros to the
   * end (later appends overwrite allocated blocks, so a force of them changes no metadata). Returns where the next
   * record goes.
   */
  static End write(FileChannel channel, long salt, long size, List<Entry> records) throws IOException {
    ByteBuffer header = header(salt, size);
    End end = End.first(new Header(salt, size, header.getInt(HEADER - 4)));
    writeFully(channel, header, 0);
    for (Entry record : records) {
      byte[] bytes = record(salt, end, record);
      writeFully(channel, ByteBuffer.wrap(bytes), end.position());
      end = end.after(bytes);
    }
    ByteBuffer zeros = ByteBuffer.allocate(1 << 16);
    for (long at = end.position(); at < size; at += zeros.capacity()) {
      zeros.clear().limit((int) Math.min(zeros.capacity(), size - at));
      writeFully(channel, zeros, at);
    }
    return end;
  }

  static void writeFully(FileChannel channel, ByteBuffer buffer, long position) throws IOException {
    while (buffer.hasRemaining()) {
      channel.write(buffer, position + buffer.position());
    }
  }
}
