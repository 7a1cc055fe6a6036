package dev.weft.index;

import dev.weft.context.Chunk;
import dev.weft.context.ChunkVectors;
import dev.weft.context.EmbeddedText;
import dev.weft.context.ItemMetadata;
import dev.weft.context.embed.EmbedderIdentity;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import org.apache.lucene.index.Term;

/**
 * Adds vectors to chunks an update did not write itself: each chunk document is rebuilt from the
 * update's base generation (the served commit the writer opened on) with its vector, and replaces the
 * old one by id.
 *
 * <p>A chunk whose path this update has deleted, replaced or added is skipped: its base document is no
 * longer what the update holds, and rebuilding it would bring the old chunk back. Path writes take a
 * shared lock and vector writes an exclusive one, so a vector write never interleaves with a write of
 * the same path; path writes still run in parallel with each other.
 */
final class VectorRewriter {
  private final LazyWriter writer;
  /** Null for an update on an empty index: there is nothing to rewrite. */
  private final ServedGeneration base;
  private final Set<String> writtenPaths = ConcurrentHashMap.newKeySet();
  private final ReentrantReadWriteLock lock = new ReentrantReadWriteLock();

  VectorRewriter(LazyWriter writer, ServedGeneration base) {
    this.writer = writer;
    this.base = base;
  }

  interface PathWrite {
    void run() throws IOException;
  }

  /** Runs a write of a path's chunks, remembering the path. */
  void writePath(String path, PathWrite write) throws IOException {
    lock.readLock().lock();
    try {
      writtenPaths.add(path);
      write.run();
    } finally {
      lock.readLock().unlock();
    }
  }

  /** A write whose paths are unknown (shards): shared like a path write. */
  void writeShards(PathWrite write) throws IOException {
    lock.readLock().lock();
    try {
      write.run();
    } finally {
      lock.readLock().unlock();
    }
  }

  /** Vectors by chunk id; returns how many chunk documents were rewritten. */
  int setVectors(EmbedderIdentity identity, Map<String, float[]> vectorsByChunkId) throws IOException {
    if (base == null) {
      return 0;
    }
    lock.writeLock().lock();
    try {
      StoredChunks chunks = new StoredChunks(base.reader());
      int written = 0;
      for (Map.Entry<String, float[]> entry : vectorsByChunkId.entrySet()) {
        Optional<Chunk> chunk = chunks.find(entry.getKey());
        if (chunk.isPresent() && write(chunk.get(), chunks.meta(entry.getKey()), identity, entry.getValue())) {
          written++;
        }
      }
      return written;
    } finally {
      lock.writeLock().unlock();
    }
  }

  /** Vectors for chunks as listed; a chunk whose text in the base is not the listed text is skipped. */
  int setVectors(List<Chunk> listed, ChunkVectors vectors) throws IOException {
    if (base == null || vectors.isNone()) {
      return 0;
    }
    lock.writeLock().lock();
    try {
      StoredChunks chunks = new StoredChunks(base.reader());
      int written = 0;
      for (int i = 0; i < listed.size(); i++) {
        float[] vector = vectors.vector(i);
        if (vector == null) {
          continue;
        }
        Optional<Chunk> chunk = chunks.find(listed.get(i).id());
        // the vector was made from the listed chunk's embedded text: it only belongs to a chunk embedding the same
        if (chunk.isPresent() && EmbeddedText.of(chunk.get()).equals(EmbeddedText.of(listed.get(i)))
            && write(chunk.get(), chunks.meta(chunk.get().id()), vectors.identity(), vector)) {
          written++;
        }
      }
      return written;
    } finally {
      lock.writeLock().unlock();
    }
  }

  /** @param meta the metadata the chunk carries now, which its rewritten document keeps */
  private boolean write(Chunk chunk, ItemMetadata meta, EmbedderIdentity identity, float[] vector)
      throws IOException {
    if (writtenPaths.contains(chunk.path())) {
      return false;
    }
    writer.get().updateDocument(new Term(ChunkDocuments.ID, chunk.id()),
        ChunkDocuments.withMeta(ChunkDocuments.chunkDocument(chunk, identity, vector), meta));
    return true;
  }
}
