package dev.weft.index;

import dev.weft.context.FileState;
import dev.weft.context.Kind;
import java.io.IOException;
import java.io.UncheckedIOException;
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
    in.reset(bytes.bytes, bytes.offset, bytes.length);
    byte version = in.readByte();
    if (version != VERSION) {
      throw new IllegalStateException(
          "file state of " + path + " has format version " + version + ", this build reads " + VERSION
              + "; re-index with --force");
    }
    try {
      Kind kind = KINDS[in.readByte()];
      String format = in.readString();
      long mtime = in.readZLong();
      long size = in.readZLong();
      String hash = in.readString();
      String stamp = in.readString();
      int chunkCount = in.readVInt();
      return new FileState(path, kind, format, mtime, size, hash, stamp, chunkCount);
    } catch (IOException e) {
      throw new UncheckedIOException("reading from memory cannot fail", e);
    }
  }
}
