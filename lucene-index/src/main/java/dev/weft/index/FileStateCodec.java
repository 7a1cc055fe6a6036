package dev.weft.index;

import dev.weft.context.FileState;
import dev.weft.context.Kind;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.apache.lucene.store.ByteArrayDataInput;
import org.apache.lucene.store.ByteBuffersDataOutput;
import org.apache.lucene.util.BytesRef;

/** The file-state doc value: everything but the path (a doc value of its own) in a few bytes. */
final class FileStateCodec {
  private static final byte VERSION = 1;
  private static final Kind[] KINDS = Kind.values();

  private FileStateCodec() {}

  static BytesRef encode(FileState state) {
    ByteBuffersDataOutput out = new ByteBuffersDataOutput(96);
    try {
      out.writeByte(VERSION);
      out.writeByte((byte) state.kind().ordinal());
      out.writeString(state.format());
      out.writeZLong(state.mtimeMillis());
      out.writeZLong(state.size());
      out.writeString(state.contentHash());
      out.writeString(state.chunkerStamp());
      out.writeVInt(state.chunkCount());
    } catch (IOException e) {
      throw new UncheckedIOException("writing to memory cannot fail", e);
    }
    return new BytesRef(out.toArrayCopy());
  }

  /** Decodes into a fresh state; {@code in} is reused by the caller across documents. */
  static FileState decode(String path, BytesRef bytes, ByteArrayDataInput in) {
    return new Decoder(in).decode(path, bytes);
  }

  /**
   * Decodes many states, reusing the format and chunker-stamp strings of the previous one when their bytes are the
   * same: nearly every file of an index shares them, and a pass reads every state (no-op passes included).
   */
  static final class Decoder {
    private final ByteArrayDataInput in;
    private final Repeated format = new Repeated();
    private final Repeated stamp = new Repeated();

    Decoder(ByteArrayDataInput in) {
      this.in = in;
    }

    FileState decode(String path, BytesRef bytes) {
      in.reset(bytes.bytes, bytes.offset, bytes.length);
      byte version = in.readByte();
      if (version != VERSION) {
        throw new IllegalStateException(
            "file state of " + path + " has format version " + version + ", this build reads " + VERSION
                + "; re-index with --force");
      }
      try {
        Kind kind = KINDS[in.readByte()];
        String formatId = format.read(bytes.bytes, in);
        long mtime = in.readZLong();
        long size = in.readZLong();
        String hash = in.readString();
        String chunkerStamp = stamp.read(bytes.bytes, in);
        int chunkCount = in.readVInt();
        return new FileState(path, kind, formatId, mtime, size, hash, chunkerStamp, chunkCount);
      } catch (IOException e) {
        throw new UncheckedIOException("reading from memory cannot fail", e);
      }
    }
  }

  /** The last string read at one position of the state, kept with its UTF-8 bytes to recognise it next time. */
  private static final class Repeated {
    private byte[] utf8 = new byte[0];
    private String value;

    /** Reads a string as {@link ByteArrayDataInput#readString} does, from {@code in} positioned over {@code bytes}. */
    String read(byte[] bytes, ByteArrayDataInput in) {
      int length = in.readVInt();
      int start = in.getPosition();
      in.skipBytes(length);
      if (value == null || !Arrays.equals(utf8, 0, utf8.length, bytes, start, start + length)) {
        utf8 = Arrays.copyOfRange(bytes, start, start + length);
        value = new String(utf8, StandardCharsets.UTF_8);
      }
      return value;
    }
  }
}
