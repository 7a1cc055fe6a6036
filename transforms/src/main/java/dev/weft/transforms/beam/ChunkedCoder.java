package dev.weft.transforms.beam;

import dev.weft.context.Chunk;
import dev.weft.context.ChunkVectors;
import dev.weft.context.FileState;
import dev.weft.context.ItemMetadata;
import dev.weft.context.Kind;
import dev.weft.context.embed.EmbedderIdentity;
import dev.weft.context.graph.FileImports;
import dev.weft.transforms.ingest.FileOutcome;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.apache.beam.sdk.coders.CustomCoder;

/**
 * A chunked file between pipeline steps, field by field in a fixed binary layout: unlike Java serialization it
 * does not break when a class gains a method, is deterministic, and is several times smaller. A change of the
 * layout is a change of {@link #VERSION}, which a reader refuses to mix up.
 */
public final class ChunkedCoder extends CustomCoder<FileOutcome.Chunked> {
  private static final ChunkedCoder INSTANCE = new ChunkedCoder();
  private static final int VERSION = 3;

  private ChunkedCoder() {}

  public static ChunkedCoder of() {
    return INSTANCE;
  }

  @Override
  public void encode(FileOutcome.Chunked value, OutputStream outStream) throws IOException {
    // no close: the stream belongs to the runner
    DataOutputStream out = new DataOutputStream(outStream);
    out.writeByte(VERSION);
    FileState state = value.state();
    out.writeUTF(state.path());
    out.writeUTF(state.kind().name());
    out.writeUTF(state.format());
    out.writeLong(state.mtimeMillis());
    out.writeLong(state.size());
    out.writeUTF(state.contentHash());
    out.writeUTF(state.chunkerStamp());
    out.writeInt(state.chunkCount());
    out.writeInt(value.chunks().size());
    for (Chunk chunk : value.chunks()) {
      out.writeUTF(chunk.id());
      out.writeUTF(chunk.path());
      out.writeUTF(chunk.kind().name());
      out.writeUTF(chunk.format());
      writeNullable(out, chunk.symbol());
      out.writeUTF(chunk.nodeType());
      out.writeInt(chunk.startLine());
      out.writeInt(chunk.endLine());
      writeLong(out, chunk.text());
      out.writeUTF(chunk.contentHash());
    }
    // the imports as their stored JSON: one encoding for the wire and the index
    out.writeBoolean(value.imports() != null);
    if (value.imports() != null) {
      writeLong(out, value.imports().toJson());
    }
    // the metadata as its stored JSON, too: sorted by name, so equal metadata encodes to equal bytes
    writeLong(out, value.meta().toJson());
    ChunkVectors vectors = value.vectors();
    out.writeBoolean(vectors.isNone());
    if (!vectors.isNone()) {
      out.writeUTF(vectors.identity().model());
      out.writeInt(vectors.identity().dims());
      out.writeInt(vectors.vectors().size());
      for (float[] vector : vectors.vectors()) {
        out.writeBoolean(vector != null);
        if (vector != null) {
          out.writeInt(vector.length);
          for (float f : vector) {
            out.writeFloat(f);
          }
        }
      }
    }
    out.flush();
  }

  @Override
  public FileOutcome.Chunked decode(InputStream inStream) throws IOException {
    DataInputStream in = new DataInputStream(inStream);
    int version = in.readUnsignedByte();
    if (version != VERSION) {
      throw new IOException("chunked-file encoding version must be " + VERSION + ", got: " + version
          + "; every worker of a job must run the same Weft jar");
    }
    FileState state = new FileState(in.readUTF(), Kind.valueOf(in.readUTF()), in.readUTF(), in.readLong(),
        in.readLong(), in.readUTF(), in.readUTF(), in.readInt());
    int count = in.readInt();
    List<Chunk> chunks = new ArrayList<>(count);
    for (int i = 0; i < count; i++) {
      chunks.add(new Chunk(in.readUTF(), in.readUTF(), Kind.valueOf(in.readUTF()), in.readUTF(), readNullable(in),
          in.readUTF(), in.readInt(), in.readInt(), readLong(in), in.readUTF()));
    }
    FileImports imports = in.readBoolean() ? FileImports.fromJson(readLong(in)) : null;
    ItemMetadata meta = ItemMetadata.fromJson(readLong(in));
    if (in.readBoolean()) {
      return new FileOutcome.Chunked(state, chunks, ChunkVectors.none(), imports, meta);
    }
    EmbedderIdentity identity = new EmbedderIdentity(in.readUTF(), in.readInt());
    int size = in.readInt();
    List<float[]> vectors = new ArrayList<>(size);
    for (int i = 0; i < size; i++) {
      float[] vector = null;
      if (in.readBoolean()) {
        vector = new float[in.readInt()];
        for (int d = 0; d < vector.length; d++) {
          vector[d] = in.readFloat();
        }
      }
      vectors.add(vector);
    }
    return new FileOutcome.Chunked(state, chunks, ChunkVectors.of(identity, vectors), imports, meta);
  }

  @Override
  public void verifyDeterministic() {
    // fixed field order, no maps: equal values encode to equal bytes
  }

  private static void writeNullable(DataOutputStream out, String value) throws IOException {
    out.writeBoolean(value != null);
    if (value != null) {
      out.writeUTF(value);
    }
  }

  private static String readNullable(DataInputStream in) throws IOException {
    return in.readBoolean() ? in.readUTF() : null;
  }

  /** Chunk text may pass writeUTF's 64 KiB limit: length-prefixed UTF-8 instead. */
  private static void writeLong(DataOutputStream out, String value) throws IOException {
    byte[] bytes = value.getBytes(StandardCharsets.UTF_8);
    out.writeInt(bytes.length);
    out.write(bytes);
  }

  private static String readLong(DataInputStream in) throws IOException {
    byte[] bytes = new byte[in.readInt()];
    in.readFully(bytes);
    return new String(bytes, StandardCharsets.UTF_8);
  }
}
