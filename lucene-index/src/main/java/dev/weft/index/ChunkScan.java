package dev.weft.index;

import dev.weft.context.Chunk;
import dev.weft.context.FileState;
import dev.weft.context.embed.EmbedderIdentity;
import java.io.Closeable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import org.apache.lucene.document.Document;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.DocValues;
import org.apache.lucene.index.FieldInfo;
import org.apache.lucene.index.FloatVectorValues;
import org.apache.lucene.index.IndexCommit;
import org.apache.lucene.index.LeafReader;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.NumericDocValues;
import org.apache.lucene.index.SortedDocValues;
import org.apache.lucene.index.StoredFields;
import org.apache.lucene.search.DocIdSetIterator;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FSDirectory;
import org.apache.lucene.util.Bits;

/**
 * Every chunk of the served generation, rebuilt as a {@link Chunk} from the index alone (doc values, the
 * stored body, and the file document's kind and content hash), with its vector when it has one. For dataset
 * export and for listing the chunks that still need a vector. Opens exactly the commit {@code CURRENT} names,
 * so it sees one whole generation even while another run publishes.
 *
 * <p>Chunks come in index order (segment by segment); a file's chunks stay together in ordinal order. Memory is
 * the file states plus one chunk at a time.
 */
public final class ChunkScan implements Closeable {
  private static final Set<String> BODY_ONLY = Set.of(ChunkDocuments.ID, ChunkDocuments.BODY);

  private final Path indexDir;
  private final Directory directory;
  private final DirectoryReader reader;
  private final GenerationManifest manifest;

  /**
   * One chunk and, when it has one, its vector and the identity of the model that made it.
   *
   * @param chunk the chunk as indexed
   * @param identity the embedder of {@code vector}, or null
   * @param vector the chunk's vector (a copy the caller may keep), or null; compared by reference, as in any
   *     record holding an array
   */
  public record Entry(Chunk chunk, EmbedderIdentity identity, float[] vector) {}

  private ChunkScan(Path indexDir, Directory directory, DirectoryReader reader, GenerationManifest manifest) {
    this.indexDir = indexDir;
    this.directory = directory;
    this.reader = reader;
    this.manifest = manifest;
  }

  /**
   * Opens the served generation of {@code indexDir} for a scan.
   *
   * @throws IndexNotFoundException when nothing was ever published there
   */
  public static ChunkScan open(Path indexDir) {
    Path dir = indexDir.toAbsolutePath().normalize();
    if (!Files.isRegularFile(dir.resolve(GenerationStore.CURRENT))
        || !Files.isDirectory(dir.resolve(CorpusIndex.LUCENE))) {
      throw new IndexNotFoundException(dir);
    }
    GenerationManifest manifest = new GenerationStore(dir).current().orElseThrow(() -> new IndexNotFoundException(dir));
    Directory directory;
    try {
      directory = FSDirectory.open(dir.resolve(CorpusIndex.LUCENE));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot open the Lucene directory of " + dir, e);
    }
    try {
      DirectoryReader reader = DirectoryReader.open(commitOf(directory, manifest, dir));
      return new ChunkScan(dir, directory, reader, manifest);
    } catch (IOException e) {
      closeQuietly(directory);
      throw new UncheckedIOException("cannot open generation " + manifest.generation() + " of " + dir, e);
    } catch (RuntimeException e) {
      closeQuietly(directory);
      throw e;
    }
  }

  /** The generation being scanned. */
  public GenerationManifest generation() {
    return manifest;
  }

  /** Hands every live chunk of the generation to {@code action}, in index order. */
  public void forEach(Consumer<Entry> action) {
    Map<String, FileState> states = FileStates.all(reader);
    try {
      for (LeafReaderContext leaf : reader.leaves()) {
        scanLeaf(leaf.reader(), states, action);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the chunks of generation " + manifest.generation() + " of "
          + indexDir, e);
    }
  }

  private static void scanLeaf(LeafReader leaf, Map<String, FileState> states, Consumer<Entry> action)
      throws IOException {
    // only chunk documents carry a node type, so its iterator visits exactly them
    SortedDocValues nodeTypes = leaf.getSortedDocValues(ChunkDocuments.NODE_TYPE);
    if (nodeTypes == null) {
      return;
    }
    SortedDocValues paths = DocValues.getSorted(leaf, ChunkDocuments.PATH);
    SortedDocValues formats = DocValues.getSorted(leaf, ChunkDocuments.FORMAT);
    SortedDocValues symbols = DocValues.getSorted(leaf, ChunkDocuments.SYMBOL);
    NumericDocValues starts = DocValues.getNumeric(leaf, ChunkDocuments.START_LINE);
    NumericDocValues ends = DocValues.getNumeric(leaf, ChunkDocuments.END_LINE);
    List<VectorColumn> vectors = vectorColumns(leaf);
    StoredFields stored = leaf.storedFields();
    Bits live = leaf.getLiveDocs();
    for (int doc = nodeTypes.nextDoc(); doc != DocIdSetIterator.NO_MORE_DOCS; doc = nodeTypes.nextDoc()) {
      if (live != null && !live.get(doc)) {
        continue;
      }
      String path = string(paths, doc);
      FileState state = states.get(path);
      if (state == null) {
        throw new IllegalStateException("chunk document " + doc + " of " + path + " has no file state");
      }
      Document fields = stored.document(doc, BODY_ONLY);
      Chunk chunk = new Chunk(fields.get(ChunkDocuments.ID), path, state.kind(), string(formats, doc),
          symbols.advanceExact(doc) ? symbols.lookupOrd(symbols.ordValue()).utf8ToString() : null,
          nodeTypes.lookupOrd(nodeTypes.ordValue()).utf8ToString(), (int) number(starts, doc),
          (int) number(ends, doc), fields.get(ChunkDocuments.BODY), state.contentHash());
      action.accept(withVector(chunk, doc, vectors));
    }
  }

  private static Entry withVector(Chunk chunk, int doc, List<VectorColumn> columns) throws IOException {
    for (VectorColumn column : columns) {
      FloatVectorValues values = column.values();
      if (values.docID() < doc) {
        values.advance(doc);
      }
      if (values.docID() == doc) {
        return new Entry(chunk, column.identity(), values.vectorValue().clone());
      }
    }
    return new Entry(chunk, null, null);
  }

  /** One vector field per embedder identity (see {@code ChunkDocuments.vectorField}). */
  private static List<VectorColumn> vectorColumns(LeafReader leaf) throws IOException {
    List<VectorColumn> columns = new ArrayList<>();
    for (FieldInfo field : leaf.getFieldInfos()) {
      if (field.getVectorDimension() > 0 && field.name.startsWith(ChunkDocuments.VECTOR_PREFIX)) {
        FloatVectorValues values = leaf.getFloatVectorValues(field.name);
        if (values != null) {
          String identity = field.name.substring(ChunkDocuments.VECTOR_PREFIX.length());
          columns.add(new VectorColumn(ChunkDocuments.parseIdentity(identity), values));
        }
      }
    }
    return columns;
  }

  private record VectorColumn(EmbedderIdentity identity, FloatVectorValues values) {}

  private static String string(SortedDocValues values, int doc) throws IOException {
    if (!values.advanceExact(doc)) {
      throw new IllegalStateException("chunk document " + doc + " must have a value in every sorted column");
    }
    return values.lookupOrd(values.ordValue()).utf8ToString();
  }

  private static long number(NumericDocValues values, int doc) throws IOException {
    if (!values.advanceExact(doc)) {
      throw new IllegalStateException("chunk document " + doc + " must have its start and end lines");
    }
    return values.longValue();
  }

  private static IndexCommit commitOf(Directory directory, GenerationManifest manifest, Path dir) {
    List<IndexCommit> commits = IndexCommits.list(directory);
    for (IndexCommit commit : commits) {
      if (commit.getGeneration() == manifest.luceneGeneration()) {
        return commit;
      }
    }
    throw new IllegalStateException("generation " + manifest.generation() + " reads Lucene commit "
        + manifest.segmentsFileName() + ", which is no longer in " + dir.resolve(CorpusIndex.LUCENE));
  }

  @Override
  public void close() {
    try {
      reader.close();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot close the scan of " + indexDir, e);
    } finally {
      closeQuietly(directory);
    }
  }

  private static void closeQuietly(Directory directory) {
    if (directory == null) {
      return;
    }
    try {
      directory.close();
    } catch (IOException e) {
      // closing after a failure or after the reader: nothing left to release
    }
  }
}
