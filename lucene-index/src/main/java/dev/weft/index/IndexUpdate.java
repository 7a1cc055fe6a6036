package dev.weft.index;

import dev.weft.context.Chunk;
import dev.weft.context.ChunkVectors;
import dev.weft.context.FileState;
import dev.weft.context.ItemMetadata;
import dev.weft.context.embed.EmbedderIdentity;
import dev.weft.context.error.StorageFailureException;
import dev.weft.context.graph.FileImports;
import dev.weft.context.generation.CorpusSource;
import dev.weft.context.generation.GenerationManifest;
import dev.weft.context.generation.RequestedEmbedder;
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
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import org.apache.lucene.document.Document;
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
 * Writes are thread-safe; commit, publish and close are serialised; {@code setVectors} runs alone (path
 * writes wait for it, so it never interleaves with a write of the same path). Closing without
 * publishing leaves the served generation as it was.
 */
public final class IndexUpdate implements Closeable {
  static final String USER_DATA_GENERATION = "weft.generation";
  static final String USER_DATA_CHUNKER_STAMP = "weft.chunkerStamp";
  static final String USER_DATA_CORPUS_ROOT = "weft.corpusRoot";

  private final LazyWriter writer;
  private final GenerationStore store;
  private final UpdateOptions options;
  private final Consumer<IndexUpdate> onClose;
  private final VectorRewriter rewriter;
  private final List<String> notes;
  /** Writes finished so far, so publish can tell whether the last commit holds all of them. */
  private final AtomicLong writes = new AtomicLong();
  private long committedWrites = -1;
  private IndexCommit committed;
  private long destined;
  private volatile boolean closed;
  private final ServedGenerations served;
  private final ServedGeneration base;

  /**
   * @param writer built on the first write (a pass that plans nothing builds none), under the write lock this update
   *     holds from here to {@link #close}
   * @param base the generation the writer opens on, acquired from {@code served} for this update and released to it
   *     on close; both null on an empty index (a rebuild may have a manager but has no base)
   * @param notes what opening the update repaired (files moved aside, never-served generations discarded)
   */
  IndexUpdate(LazyWriter writer, ServedGenerations served, ServedGeneration base, GenerationStore store,
      UpdateOptions options, Consumer<IndexUpdate> onClose, List<String> notes) {
    this.writer = writer;
    this.notes = new ArrayList<>(notes);
    this.served = served;
    this.base = base;
    this.rewriter = new VectorRewriter(writer, base);
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

  /** What opening this update repaired, one line each, for the run to report; empty on a healthy index. */
  public List<String> notes() {
    synchronized (notes) {
      return List.copyOf(notes);
    }
  }

  /**
   * The generation this update builds on (the one served when it started, which cannot move while it runs);
   * empty on an empty index or a rebuild. Plan against this, not against an earlier read of the served one.
   */
  public Optional<GenerationManifest> baseGeneration() {
    return Optional.ofNullable(base).map(ServedGeneration::manifest);
  }

  /** This update with one more note for the run to report. */
  public IndexUpdate withNote(String note) {
    synchronized (notes) {
      notes.add(note);
    }
    return this;
  }

  /**
   * Reuses vectors of the base generation (see {@link CorpusIndex#vectorLookup()}); nothing on a rebuild, whose
   * base cannot be trusted. Close it after the last lookup.
   */
  public VectorLookup vectorLookup() {
    // the base, not whatever is served now: this update's own publish may already have moved CURRENT on
    return base == null ? new VectorLookup(null, null) : new VectorLookup(served, served.share(base));
  }

  /** Path to state of every file in the base generation; empty on an empty index or a rebuild. */
  public Map<String, FileState> baseFileStates() {
    return base == null ? Map.of() : FileStates.all(base.reader());
  }

  /** Removes a file: its chunks and its file state. */
  public void delete(String path) {
    ensureOpen();
    Objects.requireNonNull(path, "path");
    try {
      rewriter.writePath(path, () -> writer.get().deleteDocuments(new Term(ChunkDocuments.PATH, path)));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot delete " + path, e);
    }
    writes.incrementAndGet();
  }

  /** Replaces everything indexed under the state's path with these chunks and this state, atomically. */
  public void replace(FileState state, List<Chunk> chunks) {
    replace(state, chunks, ChunkVectors.none());
  }

  /** As {@link #replace(FileState, List)}, each chunk with its vector when {@code vectors} has one. */
  public void replace(FileState state, List<Chunk> chunks, ChunkVectors vectors) {
    replace(state, chunks, vectors, null);
  }

  /**
   * As {@link #replace(FileState, List, ChunkVectors)}, with the file's imports for the code graph (null: the file
   * has none to record); its old edges go with its old chunks.
   */
  public void replace(FileState state, List<Chunk> chunks, ChunkVectors vectors, FileImports imports) {
    replace(state, chunks, vectors, imports, ItemMetadata.none());
  }

  /** As {@link #replace(FileState, List, ChunkVectors, FileImports)}, every chunk carrying the item's metadata. */
  public void replace(FileState state, List<Chunk> chunks, ChunkVectors vectors, FileImports imports,
      ItemMetadata meta) {
    write("replace", state, chunks, vectors, imports, meta,
        documents -> writer.get().updateDocuments(new Term(ChunkDocuments.PATH, state.path()), documents));
  }

  /**
   * Adds a file the served generation does not hold: as {@link #replace} without the delete, which a cold
   * index would otherwise buffer and apply once per file for nothing.
   */
  public void add(FileState state, List<Chunk> chunks) {
    add(state, chunks, ChunkVectors.none());
  }

  /** As {@link #add(FileState, List)}, each chunk with its vector when {@code vectors} has one. */
  public void add(FileState state, List<Chunk> chunks, ChunkVectors vectors) {
    add(state, chunks, vectors, null);
  }

  /** As {@link #add(FileState, List, ChunkVectors)}, with the file's imports for the code graph (or null). */
  public void add(FileState state, List<Chunk> chunks, ChunkVectors vectors, FileImports imports) {
    add(state, chunks, vectors, imports, ItemMetadata.none());
  }

  /** As {@link #add(FileState, List, ChunkVectors, FileImports)}, every chunk carrying the item's metadata. */
  public void add(FileState state, List<Chunk> chunks, ChunkVectors vectors, FileImports imports,
      ItemMetadata meta) {
    write("add", state, chunks, vectors, imports, meta, documents -> writer.get().addDocuments(documents));
  }

  /** How {@link #replace} and {@link #add} hand a file's documents to the writer. */
  private interface DocumentsWrite {
    void write(List<Document> documents) throws IOException;
  }

  /** The one body of {@link #replace} and {@link #add}; {@code verb} names the write in its error. */
  private void write(String verb, FileState state, List<Chunk> chunks, ChunkVectors vectors, FileImports imports,
      ItemMetadata meta, DocumentsWrite write) {
    ensureOpen();
    Objects.requireNonNull(state, "state");
    Objects.requireNonNull(chunks, "chunks");
    Objects.requireNonNull(vectors, "vectors");
    try {
      List<Document> documents = ChunkDocuments.documents(state, chunks, vectors, imports, meta);
      rewriter.writePath(state.path(), () -> write.write(documents));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot " + verb + " " + state.path(), e);
    }
    writes.incrementAndGet();
  }

  /**
   * Gives vectors to chunks of the base generation (the one this update started from), by chunk id: each
   * chunk document is rebuilt from its stored fields and doc values with the vector, replacing any
   * vector it had. Skipped, and not counted: an id the base does not hold, and a chunk whose path this
   * update deleted, replaced or added. The caller must have made each vector from the chunk's text in
   * the base generation; {@link #setVectors(List, ChunkVectors)} checks that for listed chunks.
   *
   * @return how many chunk documents were rewritten
   */
  public int setVectors(EmbedderIdentity identity, Map<String, float[]> vectorsByChunkId) {
    ensureOpen();
    Objects.requireNonNull(identity, "identity");
    Objects.requireNonNull(vectorsByChunkId, "vectorsByChunkId");
    // validates every vector against the identity before anything is written
    ChunkVectors.of(identity, new ArrayList<>(vectorsByChunkId.values()));
    try {
      return counted(rewriter.setVectors(identity, vectorsByChunkId));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot set vectors of " + vectorsByChunkId.size() + " chunks", e);
    }
  }

  /**
   * Gives vectors to chunks listed from the base generation ({@link CorpusSearcher#chunksWithoutVectors}):
   * as {@link #setVectors(EmbedderIdentity, Map)}, and a chunk whose text in the base is no longer the
   * listed text (the index moved on since the listing) is skipped, so a vector never lands on other text.
   * A null entry in {@code vectors} (its batch failed) leaves that chunk as it is.
   *
   * @return how many chunk documents were rewritten
   */
  public int setVectors(List<Chunk> chunks, ChunkVectors vectors) {
    ensureOpen();
    Objects.requireNonNull(chunks, "chunks");
    Objects.requireNonNull(vectors, "vectors");
    if (!vectors.isNone() && vectors.vectors().size() != chunks.size()) {
      throw new IllegalArgumentException("vectors must be parallel to the chunks, got: "
          + vectors.vectors().size() + " vectors for " + chunks.size() + " chunks");
    }
    try {
      return counted(rewriter.setVectors(chunks, vectors));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot set vectors of " + chunks.size() + " chunks", e);
    }
  }

  /** Content unchanged but a new mtime or size: only the file-state document is rewritten. */
  public void updateState(FileState state) {
    ensureOpen();
    Objects.requireNonNull(state, "state");
    try {
      writer.get().updateDocument(new Term(ChunkDocuments.FILE_PATH, state.path()), ChunkDocuments.fileDocument(state));
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
      rewriter.writeShards(() -> writer.get().addIndexes(shards.toArray(Directory[]::new)));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot add shards " + shardDirs, e);
    } finally {
      closeAll(shards);
    }
    writes.incrementAndGet();
  }

  /**
   * Writes one of the buffered in-memory segments (the largest) to disk on the calling thread, or none when nothing
   * is buffered. An indexing thread that runs out of work calls it so that the buffers are written in parallel,
   * instead of all on the thread that commits.
   *
   * @return whether a segment was written
   */
  public boolean flushBuffered() {
    ensureOpen();
    IndexWriter opened = writer.ifOpen();
    try {
      return opened != null && opened.flushNextBuffer();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write a buffered segment to " + store.index(), e);
    }
  }

  /**
   * Writes every buffered segment to disk on the calling thread, waiting for those other threads are writing, and
   * makes them all part of the writer's segments (as a commit would, without committing).
   */
  public void flushAll() {
    ensureOpen();
    IndexWriter opened = writer.ifOpen();
    if (opened == null) {
      return; // nothing written, nothing buffered
    }
    try {
      opened.flush();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write the buffered segments to " + store.index(), e);
    }
  }

  /** Documents indexed but not yet written to a segment (they are written by {@link #flushBuffered} or the commit). */
  public int bufferedDocs() {
    ensureOpen();
    IndexWriter opened = writer.ifOpen();
    return opened == null ? 0 : opened.numRamDocs();
  }

  /** A durable Lucene commit, labelled with the generation it is destined for; not yet served. */
  public synchronized void commit() {
    ensureOpen();
    long seen = writes.get();
    IndexWriter writer = this.writer.get();
    writer.setLiveCommitData(Map.of(
        USER_DATA_GENERATION, Long.toString(destined),
        USER_DATA_CHUNKER_STAMP, options.chunkerStamp(),
        USER_DATA_CORPUS_ROOT, options.corpusRoot()).entrySet());
    try {
      writer.commit();
      committed = IndexCommits.newest(writer.getDirectory());
    } catch (IOException e) {
      Path lucene = store.index().resolve(CorpusIndex.LUCENE);
      throw new StorageFailureException(lucene, "cannot commit generation " + destined + " to " + lucene + ": " + e
          + "; check the disk (free space, permissions) and rerun — nothing was published, the served generation "
          + "is unchanged", e);
    }
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
    Totals totals = count(committed);
    VectorCensus census = totals.census();
    GenerationManifest manifest = new GenerationManifest(destined, committed.getGeneration(),
        committed.getSegmentsFileName(), Instant.now().toString(), options.corpusRoot(),
        options.chunkerStamp(), totals.files(), census.chunksWithVectors() + census.chunksWithoutVectors(), counts,
        census.identity().orElse(null), census.byName(), census.chunksWithVectors(), census.chunksWithoutVectors(),
        requestedEmbedder(), source());
    // pending until CURRENT names it: a run killed before the swap leaves no generation that looks served
    store.writePending(manifest);
    store.point(destined);
    store.finish(destined);
    store.prune(options.keepGenerations());
    try {
      // asks the deletion policy again, now that pruned manifests no longer protect their commits
      writer.get().deleteUnusedFiles();
    } catch (IOException e) {
      throw new UncheckedIOException("published generation " + destined + " but cannot prune old commits", e);
    }
    destined = store.nextGeneration();
    committed = null;
    return manifest;
  }

  /**
   * The run's requested embedder, else the one of the generation this update builds on: a run without one does not
   * forget it (a rebuild builds on nothing, so it starts without one).
   */
  private RequestedEmbedder requestedEmbedder() {
    if (options.requestedEmbedder() != null) {
      return options.requestedEmbedder();
    }
    return baseGeneration().map(GenerationManifest::requestedEmbedder).orElse(null);
  }

  /** The run's source, else the one of the generation this update builds on (embed-missing names none). */
  private CorpusSource source() {
    if (options.source() != null) {
      return options.source();
    }
    return baseGeneration().map(GenerationManifest::source).orElse(null);
  }

  /** Whether this update built its writer: one that wrote nothing (a no-op pass) never does. */
  boolean writerOpened() {
    return writer.isOpen();
  }

  /** Rolls back anything not committed and releases the write lock. */
  @Override
  public synchronized void close() {
    if (closed) {
      return;
    }
    closed = true;
    try {
      // the base generation and the index's update slot are released even when the rollback fails
      IOUtils.close(writer, base == null ? null : () -> served.release(base), () -> onClose.accept(this));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot close the index writer", e);
    }
  }

  /** What the manifest counts: file documents, and chunk documents with and without vectors. */
  private record Totals(long files, VectorCensus census) {}

  private Totals count(IndexCommit commit) {
    try (DirectoryReader reader = DirectoryReader.open(commit)) {
      long files = new IndexSearcher(reader).count(new TermQuery(new Term(ChunkDocuments.TYPE, ChunkDocuments.FILE)));
      return new Totals(files, VectorCensus.of(reader));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot open the commit " + commit.getSegmentsFileName() + " to count it", e);
    }
  }

  private int counted(int rewritten) {
    if (rewritten > 0) {
      writes.incrementAndGet();
    }
    return rewritten;
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
