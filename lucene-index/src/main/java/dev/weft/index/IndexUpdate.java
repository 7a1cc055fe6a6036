package dev.weft.index;

import dev.weft.context.Chunk;
import dev.weft.context.FileState;
import java.io.Closeable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexCommit;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FSDirectory;
import org.apache.lucene.util.IOUtils;

/**
 * One update of a {@link CorpusIndex}: changes, then {@link #commit()}, then {@link #publish}.
 * Writes are thread-safe; commit, publish and close are serialised. Closing without publishing
 * leaves the served generation as it was.
 */
public final class IndexUpdate implements Closeable {
  static final String USER_DATA_GENERATION = "weft.generation";
  static final String USER_DATA_CHUNKER_STAMP = "weft.chunkerStamp";
  static final String USER_DATA_CORPUS_ROOT = "weft.corpusRoot";

  private final IndexWriter writer;
  private final GenerationStore store;
  private final UpdateOptions options;
  private final Consumer<IndexUpdate> onClose;
  /** Writes finished so far, so publish can tell whether the last commit holds all of them. */
  private final AtomicLong writes = new AtomicLong();
  private long committedWrites = -1;
  private IndexCommit committed;
  private long destined;
  private volatile boolean closed;

  IndexUpdate(IndexWriter writer, GenerationStore store, UpdateOptions options, Consumer<IndexUpdate> onClose) {
    this.writer = writer;
    this.store = store;
    this.options = Objects.requireNonNull(options, "options");
    this.onClose = onClose;
    this.destined = store.nextGeneration();
  }

  /** The generation number the next {@link #publish} will create. */
  public synchronized long destinedGeneration() {
    return destined;
  }

  public UpdateOptions options() {
    return options;
  }

  /** Removes a file: its chunks and its file state. */
  public void delete(String path) {
    ensureOpen();
    Objects.requireNonNull(path, "path");
    try {
      writer.deleteDocuments(new Term(ChunkDocuments.PATH, path));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot delete " + path, e);
    }
    writes.incrementAndGet();
  }

  /** Replaces everything indexed under the state's path with these chunks and this state, atomically. */
  public void replace(FileState state, List<Chunk> chunks) {
    ensureOpen();
    Objects.requireNonNull(state, "state");
    Objects.requireNonNull(chunks, "chunks");
    try {
      writer.updateDocuments(new Term(ChunkDocuments.PATH, state.path()), ChunkDocuments.documents(state, chunks));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot replace " + state.path(), e);
    }
    writes.incrementAndGet();
  }

  /**
   * Adds a file the served generation does not hold: as {@link #replace} without the delete, which a cold
   * index would otherwise buffer and apply once per file for nothing.
   */
  public void add(FileState state, List<Chunk> chunks) {
    ensureOpen();
    Objects.requireNonNull(state, "state");
    Objects.requireNonNull(chunks, "chunks");
    try {
      writer.addDocuments(ChunkDocuments.documents(state, chunks));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot add " + state.path(), e);
    }
    writes.incrementAndGet();
  }

  /** Content unchanged but a new mtime or size: only the file-state document is rewritten. */
  public void updateState(FileState state) {
    ensureOpen();
    Objects.requireNonNull(state, "state");
    try {
      writer.updateDocument(new Term(ChunkDocuments.FILE_PATH, state.path()), ChunkDocuments.fileDocument(state));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot update the state of " + state.path(), e);
    }
    writes.incrementAndGet();
  }

  /** Adds shards written by {@link ShardWriter}; the caller has deleted their paths first. */
  public void addShards(Collection<Path> shardDirs) {
    ensureOpen();
    List<Directory> shards = new ArrayList<>(shardDirs.size());
    try {
      for (Path shardDir : shardDirs) {
        shards.add(FSDirectory.open(shardDir));
      }
      writer.addIndexes(shards.toArray(Directory[]::new));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot add shards " + shardDirs, e);
    } finally {
      closeAll(shards);
    }
    writes.incrementAndGet();
  }

  /** A durable Lucene commit, labelled with the generation it is destined for; not yet served. */
  public synchronized void commit() {
    ensureOpen();
    long seen = writes.get();
    writer.setLiveCommitData(Map.of(
        USER_DATA_GENERATION, Long.toString(destined),
        USER_DATA_CHUNKER_STAMP, options.chunkerStamp(),
        USER_DATA_CORPUS_ROOT, options.corpusRoot()).entrySet());
    try {
      writer.commit();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot commit generation " + destined, e);
    }
    committed = IndexCommits.newest(writer.getDirectory());
    committedWrites = seen;
  }

  /**
   * Serves the last commit: writes its manifest, then swaps {@code CURRENT} in one atomic rename,
   * then prunes manifests and commits beyond {@code keepGenerations}.
   */
  public synchronized GenerationManifest publish(Map<String, Long> counts) {
    ensureOpen();
    if (committed == null) {
      throw new IllegalStateException("publish needs a commit first: call commit() before publish() "
          + "(generation " + destined + ")");
    }
    if (writes.get() != committedWrites) {
      throw new IllegalStateException("publish needs every change committed: "
          + (writes.get() - committedWrites) + " write(s) came after the last commit; call commit() again");
    }
    long[] totals = countDocuments(committed);
    GenerationManifest manifest = new GenerationManifest(destined, committed.getGeneration(),
        committed.getSegmentsFileName(), Instant.now().toString(), options.corpusRoot(),
        options.chunkerStamp(), totals[0], totals[1], counts);
    store.write(manifest);
    store.point(destined);
    store.prune(options.keepGenerations());
    try {
      // asks the deletion policy again, now that pruned manifests no longer protect their commits
      writer.deleteUnusedFiles();
    } catch (IOException e) {
      throw new UncheckedIOException("published generation " + destined + " but cannot prune old commits", e);
    }
    destined = store.nextGeneration();
    committed = null;
    return manifest;
  }

  /** Rolls back anything not committed and releases the write lock. */
  @Override
  public synchronized void close() {
    if (closed) {
      return;
    }
    closed = true;
    try {
      writer.rollback();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot close the index writer", e);
    } finally {
      onClose.accept(this);
    }
  }

  private long[] countDocuments(IndexCommit commit) {
    try (DirectoryReader reader = DirectoryReader.open(commit)) {
      IndexSearcher searcher = new IndexSearcher(reader);
      return new long[] {
        searcher.count(new TermQuery(new Term(ChunkDocuments.TYPE, ChunkDocuments.FILE))),
        searcher.count(new TermQuery(new Term(ChunkDocuments.TYPE, ChunkDocuments.CHUNK)))
      };
    } catch (IOException e) {
      throw new UncheckedIOException("cannot open the commit " + commit.getSegmentsFileName() + " to count it", e);
    }
  }

  private void ensureOpen() {
    if (closed) {
      throw new IllegalStateException("this index update is closed");
    }
  }

  private static void closeAll(List<Directory> directories) {
    try {
      IOUtils.close(directories);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot close shard directories", e);
    }
  }
}
