package dev.weft.index;

import dev.weft.context.Chunk;
import dev.weft.context.FileState;
import dev.weft.context.ItemMetadata;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import org.apache.lucene.document.Document;
import org.apache.lucene.index.BinaryDocValues;
import org.apache.lucene.index.DocValues;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.index.LeafReader;
import org.apache.lucene.index.NumericDocValues;
import org.apache.lucene.index.PostingsEnum;
import org.apache.lucene.index.SortedDocValues;
import org.apache.lucene.index.StoredFields;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.DocIdSetIterator;
import org.apache.lucene.util.Bits;

/**
 * Rebuilds {@link Chunk} values from chunk documents: id and body from stored fields, the rest from
 * doc values, kind and content hash from the file's state (kept once per file). The one way chunks come
 * back out of the index, for embed-missing, {@code setVectors} and export alike. Not thread-safe: one
 * per reading thread.
 */
final class StoredChunks {
  private static final Set<String> STORED = Set.of(ChunkDocuments.ID, ChunkDocuments.BODY);
  private static final Term CHUNKS = new Term(ChunkDocuments.TYPE, ChunkDocuments.CHUNK);
  /** The states of recently read files: a file's chunks are mostly neighbours in a segment. */
  private static final int STATE_CACHE = 256;

  private final IndexReader reader;
  /** A file's state by path; null when the reader has none. */
  private final Function<String, FileState> states;

  /** For reading some chunks: a file's state is looked up by its term when first needed, recent ones kept. */
  StoredChunks(IndexReader reader) {
    this(reader, recentStates(reader));
  }

  private StoredChunks(IndexReader reader, Function<String, FileState> states) {
    this.reader = reader;
    this.states = states;
  }

  /** For reading every chunk: all file states in one column-wise pass rather than a term lookup per file. */
  static StoredChunks everyChunk(IndexReader reader) {
    return new StoredChunks(reader, FileStates.all(reader)::get);
  }

  /** The chunk columns of one leaf of the reader, open once for reading many of its documents. */
  Leaf leaf(LeafReader leaf) throws IOException {
    return new Leaf(leaf);
  }

  /** The item metadata the live chunk with that id carries; none when it carries none or is not there. */
  ItemMetadata meta(String id) throws IOException {
    return TermLookup.first(reader, new Term(ChunkDocuments.ID, id), leaf -> doc -> metaOf(leaf.reader(), doc))
        .orElse(ItemMetadata.none());
  }

  /** A chunk document's metadata, from its {@link ChunkDocuments#META} doc value. */
  static ItemMetadata metaOf(LeafReader leaf, int doc) throws IOException {
    BinaryDocValues meta = DocValues.getBinary(leaf, ChunkDocuments.META);
    return meta.advanceExact(doc) ? ItemMetadata.fromJson(meta.binaryValue().utf8ToString()) : ItemMetadata.none();
  }

  /** The live chunk with that id, if the reader holds one. */
  Optional<Chunk> find(String id) throws IOException {
    return TermLookup.first(reader, new Term(ChunkDocuments.ID, id), leaf -> leaf(leaf.reader())::read);
  }

  /**
   * The chunks of one leaf, read column-wise: doc-value iterators only move forward, so documents are
   * read in increasing id order (as {@link #nextDoc} gives them), and a fresh leaf serves a new pass.
   */
  final class Leaf {
    private final LeafReader leaf;
    private final StoredFields stored;
    private final SortedDocValues paths;
    private final SortedDocValues formats;
    private final SortedDocValues symbols;
    private final SortedDocValues nodeTypes;
    private final NumericDocValues starts;
    private final NumericDocValues ends;
    private final BinaryDocValues metas;
    private Bits live;
    /** The chunk documents, opened on the first {@link #nextDoc}: a lookup by id never lists them. */
    private DocIdSetIterator chunkDocs;

    private Leaf(LeafReader leaf) throws IOException {
      this.leaf = leaf;
      this.stored = leaf.storedFields();
      this.paths = DocValues.getSorted(leaf, ChunkDocuments.PATH);
      this.formats = DocValues.getSorted(leaf, ChunkDocuments.FORMAT);
      this.symbols = DocValues.getSorted(leaf, ChunkDocuments.SYMBOL);
      this.nodeTypes = DocValues.getSorted(leaf, ChunkDocuments.NODE_TYPE);
      this.starts = DocValues.getNumeric(leaf, ChunkDocuments.START_LINE);
      this.ends = DocValues.getNumeric(leaf, ChunkDocuments.END_LINE);
      this.metas = DocValues.getBinary(leaf, ChunkDocuments.META);
    }

    /** The metadata of a chunk document of this leaf, read in id order as {@link #read} is. */
    ItemMetadata meta(int doc) throws IOException {
      return metas.advanceExact(doc) ? ItemMetadata.fromJson(metas.binaryValue().utf8ToString())
          : ItemMetadata.none();
    }

    /** The next live chunk document of the leaf, in id order, or {@link DocIdSetIterator#NO_MORE_DOCS}. */
    int nextDoc() throws IOException {
      if (chunkDocs == null) {
        PostingsEnum postings = leaf.postings(CHUNKS, PostingsEnum.NONE);
        chunkDocs = postings == null ? DocIdSetIterator.empty() : postings;
        live = leaf.getLiveDocs();
      }
      for (int doc = chunkDocs.nextDoc(); doc != DocIdSetIterator.NO_MORE_DOCS; doc = chunkDocs.nextDoc()) {
        if (live == null || live.get(doc)) {
          return doc;
        }
      }
      return DocIdSetIterator.NO_MORE_DOCS;
    }

    /** The chunk of a chunk document of this leaf, one after the last read: the columns only move forward. */
    Chunk read(int doc) throws IOException {
      Document fields = stored.document(doc, STORED);
      String id = fields.get(ChunkDocuments.ID);
      String path = HitReader.string(paths, doc);
      FileState state = states.apply(path);
      if (state == null) {
        throw new IllegalStateException("chunk " + id + " must have a file state for " + path + ", found none");
      }
      return new Chunk(id, path, state.kind(),
          HitReader.string(formats, doc),
          HitReader.string(symbols, doc),
          HitReader.string(nodeTypes, doc),
          (int) HitReader.number(starts, ChunkDocuments.START_LINE, doc),
          (int) HitReader.number(ends, ChunkDocuments.END_LINE, doc),
          fields.get(ChunkDocuments.BODY),
          state.contentHash());
    }
  }

  private static Function<String, FileState> recentStates(IndexReader reader) {
    Map<String, FileState> recent = new LinkedHashMap<>(16, 0.75f, true) {
      @Override
      protected boolean removeEldestEntry(Map.Entry<String, FileState> eldest) {
        return size() > STATE_CACHE;
      }
    };
    return path -> {
      FileState state = recent.get(path);
      if (state == null) {
        state = FileStates.of(reader, path).orElse(null);
        if (state != null) {
          recent.put(path, state);
        }
      }
      return state;
    };
  }
}
