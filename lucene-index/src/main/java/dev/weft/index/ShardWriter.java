package dev.weft.index;

import dev.weft.context.Chunk;
import dev.weft.context.ChunkVectors;
import dev.weft.context.FileState;
import dev.weft.context.ItemMetadata;
import dev.weft.context.graph.FileImports;
import java.io.Closeable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.KeepOnlyLastCommitDeletionPolicy;
import org.apache.lucene.index.Term;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FSDirectory;
import org.apache.lucene.util.IOUtils;

/**
 * A standalone Lucene index in its own directory, written with the same documents as
 * {@link IndexUpdate#replace}, for {@link IndexUpdate#addShards} to merge in. Thread-safe.
 */
public final class ShardWriter implements Closeable {
  private final Path dir;
  private final Directory directory;
  private final IndexWriter writer;
  private boolean closed;

  private ShardWriter(Path dir, Directory directory, IndexWriter writer) {
    this.dir = dir;
    this.directory = directory;
    this.writer = writer;
  }

  /** Creates a shard, replacing any index already in {@code dir}. */
  public static ShardWriter create(Path dir) {
    Directory directory = null;
    try {
      Files.createDirectories(dir);
      directory = FSDirectory.open(dir);
      IndexWriterConfig config = IndexConfig.writerConfig(new KeepOnlyLastCommitDeletionPolicy())
          .setOpenMode(IndexWriterConfig.OpenMode.CREATE);
      return new ShardWriter(dir, directory, new IndexWriter(directory, config));
    } catch (IOException e) {
      // the shard is unusable: release its directory, report why it could not be created
      IOUtils.closeWhileHandlingException(directory);
      throw new UncheckedIOException("cannot create shard " + dir, e);
    }
  }

  public Path dir() {
    return dir;
  }

  /** Writes a file's chunks and state; writing the same path again replaces it, so a retry is safe. */
  public void write(FileState state, List<Chunk> chunks) {
    write(state, chunks, ChunkVectors.none());
  }

  /** As {@link #write(FileState, List)}, each chunk with its vector when {@code vectors} has one. */
  public void write(FileState state, List<Chunk> chunks, ChunkVectors vectors) {
    write(state, chunks, vectors, null);
  }

  /** As {@link #write(FileState, List, ChunkVectors)}, with the file's imports for the code graph (or null). */
  public void write(FileState state, List<Chunk> chunks, ChunkVectors vectors, FileImports imports) {
    write(state, chunks, vectors, imports, ItemMetadata.none());
  }

  /** As {@link #write(FileState, List, ChunkVectors, FileImports)}, every chunk carrying the item's metadata. */
  public void write(FileState state, List<Chunk> chunks, ChunkVectors vectors, FileImports imports,
      ItemMetadata meta) {
    Objects.requireNonNull(state, "state");
    Objects.requireNonNull(chunks, "chunks");
    Objects.requireNonNull(vectors, "vectors");
    try {
      writer.updateDocuments(new Term(ChunkDocuments.PATH, state.path()),
          ChunkDocuments.documents(state, chunks, vectors, imports, meta));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write " + state.path() + " to shard " + dir, e);
    }
  }

  /** Commits the shard and closes it. */
  @Override
  public synchronized void close() {
    if (closed) {
      return;
    }
    closed = true;
    try {
      writer.commit();
      writer.close();
      directory.close();
    } catch (IOException e) {
      // the shard is unusable either way: release the lock and files, report the commit failure
      IOUtils.closeWhileHandlingException(writer::rollback, directory);
      throw new UncheckedIOException("cannot commit shard " + dir, e);
    }
  }
}
