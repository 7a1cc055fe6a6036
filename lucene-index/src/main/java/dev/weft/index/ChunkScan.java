package dev.weft.index;

import dev.weft.context.IndexLocation;
import dev.weft.context.Chunk;
import dev.weft.context.ItemMetadata;
import dev.weft.context.embed.EmbedderIdentity;
import dev.weft.context.generation.GenerationManifest;
import java.io.Closeable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.function.Consumer;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.search.DocIdSetIterator;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FSDirectory;
import org.apache.lucene.util.IOUtils;

/**
 * Every chunk of the served generation, rebuilt as a {@link Chunk} from the index alone (doc values, the
 * stored body, and the file document's kind and content hash), with its vector when it has one. For dataset
 * export and for listing the chunks that still need a vector. Reads the served generation through a
 * {@link CorpusSearcher}, so, like a search, it sees exactly the commit {@code CURRENT} names: one whole
 * generation even while another run publishes.
 *
 * <p>Chunks come in index order (segment by segment); a file's chunks stay together in ordinal order. Memory is
 * the file states plus one chunk at a time.
 */
public final class ChunkScan implements Closeable {
  private final CorpusIndex index;
  /** Holds the served generation open until the scan is closed. */
  private final CorpusSearcher searcher;

  /**
   * One chunk and, when it has one, its vector and the identity of the model that made it.
   *
   * @param chunk the chunk as indexed
   * @param identity the embedder of {@code vector}, or null
   * @param vector the chunk's vector (a copy the caller may keep), or null; compared by reference, as in any
   *     record holding an array
   * @param meta the metadata of the chunk's item (none for a file of a tree)
   */
  public record Entry(Chunk chunk, EmbedderIdentity identity, float[] vector, ItemMetadata meta) {
    public Entry(Chunk chunk, EmbedderIdentity identity, float[] vector) {
      this(chunk, identity, vector, ItemMetadata.none());
    }
  }

  private ChunkScan(CorpusIndex index, CorpusSearcher searcher) {
    this.index = index;
    this.searcher = searcher;
  }

  /**
   * Opens the served generation of {@code location} for a scan.
   *
   * @throws IndexNotFoundException when nothing was ever published there
   */
  public static ChunkScan open(IndexLocation location) {
    CorpusIndex index = CorpusIndex.openExisting(location);
    try {
      return new ChunkScan(index, index.searcher());
    } catch (RuntimeException e) {
      // the scan never started: the failure to open is what matters, not a failure to close
      IOUtils.closeWhileHandlingException(index);
      throw e;
    }
  }

  /** The generation being scanned. */
  public GenerationManifest generation() {
    return searcher.generation();
  }

  /** Hands every live chunk of the generation to {@code action}, in index order. */
  public void forEach(Consumer<Entry> action) {
    try {
      scan(searcher.reader(), action);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the chunks of generation " + generation().generation() + " of "
          + index.location(), e);
    }
  }

  /**
   * Hands every chunk of a closed shard index ({@link ShardWriter}'s output, before it is added to an update) to
   * {@code action}, in index order: what a Beam run staged, read as {@link #forEach} reads a generation.
   */
  public static void forEachInShard(Path shardDir, Consumer<Entry> action) {
    try (Directory directory = FSDirectory.open(shardDir);
        DirectoryReader reader = DirectoryReader.open(directory)) {
      scan(reader, action);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the chunks of the shard " + shardDir, e);
    }
  }

  private static void scan(IndexReader reader, Consumer<Entry> action) throws IOException {
    // every chunk is read: one column-wise pass over the file states beats a term lookup per file
    StoredChunks chunks = StoredChunks.everyChunk(reader);
    for (LeafReaderContext context : reader.leaves()) {
      StoredChunks.Leaf leaf = chunks.leaf(context.reader());
      VectorReads.LeafVectors vectors = VectorReads.leaf(context.reader());
      for (int doc = leaf.nextDoc(); doc != DocIdSetIterator.NO_MORE_DOCS; doc = leaf.nextDoc()) {
        Chunk chunk = leaf.read(doc);
        VectorReads.IdentityVector vector = vectors.get(doc);
        ItemMetadata meta = leaf.meta(doc);
        action.accept(vector == null ? new Entry(chunk, null, null, meta)
            : new Entry(chunk, vector.identity(), vector.vector(), meta));
      }
    }
  }

  /** Idempotent, as closing the searcher and the index is. */
  @Override
  public void close() {
    try {
      // the generation is released before the index that opened it; both even when the first fails
      IOUtils.close(searcher, index);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot close the scan of " + index.location(), e);
    }
  }
}
