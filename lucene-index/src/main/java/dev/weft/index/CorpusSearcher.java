package dev.weft.index;

import dev.weft.context.IndexLocation;
import dev.weft.context.Chunk;
import dev.weft.context.FileState;
import dev.weft.context.Hit;
import dev.weft.context.ItemSource;
import dev.weft.context.Kind;
import dev.weft.context.QueryVector;
import dev.weft.context.RecallMode;
import dev.weft.context.RecallRequest;
import dev.weft.context.RecallResult;
import dev.weft.context.StalePointerException;
import dev.weft.context.embed.EmbedderIdentity;
import dev.weft.context.generation.GenerationManifest;
import java.io.Closeable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.apache.lucene.document.Document;
import org.apache.lucene.index.DocValues;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.index.NumericDocValues;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.BooleanClause.Occur;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.store.Directory;

/**
 * Reads one published generation: recall, bodies gated on the content hash, stats. Keep one open
 * and reuse it; it holds the generation's files until closed. Thread-safe.
 */
public final class CorpusSearcher implements Closeable {
  private final ServedGenerations served;
  private final ServedGeneration generation;
  private final IndexReader reader;
  private final IndexSearcher searcher;
  private final Ranker ranker;
  private final VectorRankers vectorRankers;
  /** Computed on first use: the generation never changes under a searcher. */
  private volatile VectorCensus census;
  private final IndexLocation index;
  /** Where {@code get} reads item bodies; null for a searcher opened only to rank and count. */
  private final ItemSource items;
  private boolean closed;

  /** @param generation acquired from {@code served}, released to it on close */
  CorpusSearcher(ServedGenerations served, ServedGeneration generation, IndexLocation index, ItemSource items) {
    this.served = served;
    this.generation = generation;
    this.reader = generation.reader();
    this.searcher = new IndexSearcher(reader);
    this.ranker = new Ranker(searcher);
    this.vectorRankers = new VectorRankers(searcher, ranker);
    this.index = index;
    this.items = items;
  }

  public GenerationManifest generation() {
    return generation.manifest();
  }

  /** The generation's reader, for reading it whole in this package ({@link ChunkScan}); open while this is. */
  IndexReader reader() {
    return reader;
  }

  /** Each kind ranked on its own; at most one hit per file unless the request says otherwise. BM25 only. */
  public RecallResult recall(RecallRequest request) {
    return recall(request, null);
  }

  /**
   * Each kind ranked on its own, in the request's mode; at most one hit per file unless the request
   * says otherwise. Dense and hybrid need the query embedded by the caller; bm25 ignores the vector.
   *
   * @throws EmbedderMismatchException when the mode uses vectors and the index's vectors are not all of
   *     the query vector's identity (another identity, a mixture, or none)
   */
  public RecallResult recall(RecallRequest request, QueryVector queryVector) {
    Objects.requireNonNull(request, "request");
    RecallMode mode = request.mode();
    if (mode.usesVectors()) {
      if (queryVector == null) {
        throw new IllegalArgumentException("recall mode " + mode.id() + " needs a query vector, got: none");
      }
      requireIdentity(queryVector.identity());
    }
    int limit = GraphSpreading.rankLimit(request);
    Map<Kind, List<Hit>> groups = new EnumMap<>(Kind.class);
    Query where = request.where() == null ? null : MetaFilterQueries.of(request.where());
    for (Kind kind : request.effectiveKinds()) {
      groups.put(kind, switch (mode) {
        case BM25 -> ranker.rank(kind, request.query(), limit, request.onePerFile(), where);
        case DENSE -> vectorRankers.dense(kind, limit, request.onePerFile(), queryVector, where);
        case HYBRID -> vectorRankers.hybrid(kind, request.query(), limit, request.onePerFile(),
            request.poolSize(), request.embedWeight(), request.knnCandidates(), request.fusion(), queryVector,
            where);
      });
    }
    return new RecallResult(GraphSpreading.apply(this, request, groups), request.flat());
  }

  /** Which embedders the generation's vectors came from, and how many chunks have none. */
  public VectorCensus vectorCensus() {
    VectorCensus known = census;
    if (known == null) {
      known = VectorCensus.of(reader);
      census = known;
    }
    return known;
  }

  /**
   * How well this generation's nearest-neighbour search finds the true neighbours: {@code sample} chunks (seeded)
   * searched with their own vectors, against exact search ({@link VectorSelfRecall}).
   */
  public SelfRecall selfRecall(int sample, int k, long seed, KnnSearch search) {
    return VectorSelfRecall.sample(reader, sample, k, seed, search);
  }

  /** Latency of each way of searching the nearest neighbours of {@code sample} of this generation's own vectors. */
  public Map<KnnSearch, KnnLatency.Figures> knnLatency(int sample, int k, long seed) {
    return KnnLatency.measure(reader, sample, k, seed);
  }

  /** The vectors (deleted ones included) of each segment holding any, largest first: what decides exact or graph. */
  public List<Integer> vectorsPerSegment() {
    return NearestNeighbours.vectorsPerSegment(reader);
  }

  /**
   * The chunks that have no vector, rebuilt from the index, {@code batchSize} at a time and read lazily,
   * for {@code weft embed-missing}; give them vectors with {@link IndexUpdate#setVectors(List,
   * dev.weft.context.ChunkVectors)}. Each iteration starts over; use it while this searcher is open.
   */
  public Iterable<List<Chunk>> chunksWithoutVectors(int batchSize) {
    return new MissingVectors(reader, batchSize);
  }

  /** Refuses a query identity the index's vectors do not all have, naming every identity found. */
  private void requireIdentity(EmbedderIdentity query) {
    VectorCensus found = vectorCensus();
    if (!found.identity().map(identity -> EmbedderIdentity.sameIdentity(identity, query)).orElse(false)) {
      throw new EmbedderMismatchException(query, found, generationNumber());
    }
  }

  /**
   * Exactly the stored body of the chunk at those lines, if the item source still has the bytes the item was
   * indexed from; empty when no chunk of the path has that range (then nothing is read).
   *
   * @throws StalePointerException when the item changed or vanished since it was indexed
   * @throws IllegalStateException when this searcher was opened without an item source
   */
  public Optional<String> get(String named, int startLine, int endLine) {
    Objects.requireNonNull(named, "path");
    ItemSource source = itemSource();
    String path = source.itemPath(named);
    List<Integer> chunks = findChunks(path, startLine, endLine);
    if (chunks.isEmpty()) {
      return Optional.empty();
    }
    FileState state = FileStates.of(reader, path).orElseThrow(() ->
        new IllegalStateException("chunk of " + path + " has no file state in generation " + generationNumber()));
    source.readIndexed(path, state.contentHash());
    try {
      if (chunks.size() == 1) {
        return Optional.of(reader.storedFields().document(chunks.get(0), Set.of(ChunkDocuments.BODY))
            .get(ChunkDocuments.BODY));
      }
      return Optional.of(lineParts(chunks));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the body of " + path + ":" + startLine + "-" + endLine, e);
    }
  }

  /**
   * The whole item as its source holds it now — a file as it is on disk, a dataset's record as the dataset holds
   * it (not gated on the hash: the caller asked for the item).
   *
   * @throws PathNotIndexedException when the path is not an item of this generation (then nothing is read)
   * @throws StalePointerException when the item vanished from its source
   * @throws IllegalStateException when this searcher was opened without an item source
   */
  public String get(String named) {
    Objects.requireNonNull(named, "path");
    ItemSource source = itemSource();
    String path = source.itemPath(named);
    FileState state = FileStates.of(reader, path).orElseThrow(() ->
        new PathNotIndexedException(path, generationNumber()));
    return new String(source.readCurrent(path, state.contentHash()), StandardCharsets.UTF_8);
  }

  public IndexStats stats() {
    try {
      long files = searcher.count(new TermQuery(new Term(ChunkDocuments.TYPE, ChunkDocuments.FILE)));
      Map<Kind, Long> chunks = new EnumMap<>(Kind.class);
      for (Kind kind : Kind.values()) {
        chunks.put(kind, (long) searcher.count(new BooleanQuery.Builder()
            .add(new TermQuery(new Term(ChunkDocuments.TYPE, ChunkDocuments.CHUNK)), Occur.FILTER)
            .add(new TermQuery(new Term(ChunkDocuments.KIND, kind.id())), Occur.FILTER)
            .build()));
      }
      Directory directory = generation.reader().directory();
      long indexBytes = 0;
      for (String name : generation.reader().getIndexCommit().getFileNames()) {
        indexBytes += directory.fileLength(name);
      }
      return new IndexStats(generationNumber(), files, chunks, indexBytes, diskBytes(), generation().corpusRoot(),
          vectorCensus());
    } catch (IOException e) {
      throw new UncheckedIOException("cannot compute the stats of generation " + generationNumber(), e);
    }
  }

  /**
   * The indexed text of the chunk with that id ({@code path#ordinal}) in this generation, or empty when it holds
   * none: what evidence quoting a chunk is checked against (the ledger's {@code ChunkTexts}).
   */
  public Optional<String> chunkText(String id) {
    try {
      return new StoredChunks(reader).find(id).map(Chunk::text);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read chunk " + id + " of generation " + generationNumber(), e);
    }
  }

  @Override
  public synchronized void close() {
    if (!closed) {
      closed = true;
      served.releaseUnchecked(generation);
    }
  }

  private long generationNumber() {
    return generation.manifest().generation();
  }

  private ItemSource itemSource() {
    if (items == null) {
      throw new IllegalStateException("this searcher of generation " + generationNumber() + " was opened without an"
          + " item source, so it cannot read item bodies; open it with CorpusIndex.searcher(itemsOf)");
    }
    return items;
  }

  /**
   * The chunk documents of that path with exactly that line range: one, or none, or the parts of one line too long
   * for a single chunk (the chunkers cut such a line into consecutive parts that all carry its number).
   */
  private List<Integer> findChunks(String path, int startLine, int endLine) {
    try {
      return TermLookup.<Integer>all(reader, new Term(ChunkDocuments.PATH, path), leaf -> {
        NumericDocValues starts = DocValues.getNumeric(leaf.reader(), ChunkDocuments.START_LINE);
        NumericDocValues ends = DocValues.getNumeric(leaf.reader(), ChunkDocuments.END_LINE);
        return doc -> starts.advanceExact(doc) && starts.longValue() == startLine
            && ends.advanceExact(doc) && ends.longValue() == endLine ? leaf.docBase + doc : null;
      });
    } catch (IOException e) {
      throw new UncheckedIOException("cannot look up " + path + ":" + startLine + "-" + endLine, e);
    }
  }

  /** The parts of one long line joined in chunk-id order: the line, as {@code get(path, L, L)} promises. */
  private String lineParts(List<Integer> chunks) throws IOException {
    TreeMap<Integer, String> byOrdinal = new TreeMap<>();
    for (int chunk : chunks) {
      Document doc = reader.storedFields().document(chunk, Set.of(ChunkDocuments.ID, ChunkDocuments.BODY));
      String id = doc.get(ChunkDocuments.ID);
      byOrdinal.put(Integer.parseInt(id.substring(id.lastIndexOf('#') + 1)), doc.get(ChunkDocuments.BODY));
    }
    return String.join("", byOrdinal.values());
  }

  private long diskBytes() throws IOException {
    try (Stream<Path> files = Files.walk(index.dir())) {
      long total = 0;
      for (Path file : (Iterable<Path>) files::iterator) {
        total += sizeIfPresent(file);
      }
      return total;
    }
  }

  /** A running update may delete a pruned commit's files while we walk: they no longer count. */
  private static long sizeIfPresent(Path file) throws IOException {
    try {
      return Files.isRegularFile(file) ? Files.size(file) : 0;
    } catch (NoSuchFileException e) {
      return 0;
    }
  }
}
