package dev.weft.index;

import dev.weft.context.Chunk;
import dev.weft.context.ChunkVectors;
import dev.weft.context.EmbeddedText;
import dev.weft.context.FileState;
import dev.weft.context.ItemMetadata;
import dev.weft.context.Kind;
import dev.weft.context.embed.EmbedderIdentity;
import dev.weft.context.graph.FileImports;
import java.util.ArrayList;
import java.util.List;
import org.apache.lucene.document.BinaryDocValuesField;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.DoublePoint;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.FieldType;
import org.apache.lucene.document.KnnFloatVectorField;
import org.apache.lucene.document.LongPoint;
import org.apache.lucene.document.NumericDocValuesField;
import org.apache.lucene.document.SortedDocValuesField;
import org.apache.lucene.document.StoredField;
import org.apache.lucene.document.StringField;
import org.apache.lucene.index.IndexOptions;
import org.apache.lucene.index.VectorSimilarityFunction;
import org.apache.lucene.util.BytesRef;

/**
 * The one mapping from chunks and file states to Lucene documents, shared by {@link IndexUpdate}
 * and {@link ShardWriter} so both executors write the same documents.
 *
 * <p>Two document types live in one index: a {@code chunk} per chunk and a {@code file} per source
 * file. Every field of a file's documents carries the same {@link #PATH} term, so one term deletes
 * a file whole.
 *
 * <p>A chunk with a vector carries it in a vector field of its embedder identity
 * ({@link #vectorField}) plus an {@link #EMBEDDER} term naming that identity; every chunk carries its
 * {@link #TEXT_HASH}, so a later run can reuse a vector for unchanged text.
 */
final class ChunkDocuments {
  static final String TYPE = "type";
  static final String CHUNK = "chunk";
  static final String FILE = "file";
  static final String ID = "id";
  static final String PATH = "path";
  static final String KIND = "kind";
  static final String FORMAT = "format";
  static final String SYMBOL = "symbol";
  static final String NODE_TYPE = "node_type";
  static final String START_LINE = "start_line";
  static final String END_LINE = "end_line";
  static final String BODY = "body";
  static final String PATH_TOKENS = "path_tokens";
  static final String FILE_PATH = "file_path";
  static final String FILE_STATE = "file_state";
  static final String TEXT_HASH = "text_hash";
  static final String EMBEDDER = "embedder";
  static final String VECTOR_PREFIX = "vector:";
  /** A chunk's item metadata as JSON ({@link ItemMetadata#toJson}), read by hits with the other doc values. */
  static final String META = "meta";
  /** Keyword terms of string metadata, one field per name: {@code meta.lang}. */
  static final String META_KEYWORD = "meta.";
  /** Terms of boolean metadata, {@code true} or {@code false}: {@code meta_bool.draft}. */
  static final String META_BOOLEAN = "meta_bool.";
  /** Points of integer metadata ({@link LongPoint}): {@code meta_long.year}. */
  static final String META_LONG = "meta_long.";
  /** Points of fractional metadata ({@link DoublePoint}): {@code meta_double.score}. */
  static final String META_DOUBLE = "meta_double.";
  static final VectorSimilarityFunction SIMILARITY = VectorSimilarityFunction.COSINE;

  /**
   * BM25 needs term frequencies and length norms but nothing here runs phrase queries, so positions
   * (the biggest part of a postings list) are left out; not stored, the body is stored once.
   */
  static final FieldType BM25_TEXT = bm25Text();
  /** Every analysed field, which every document carries ({@link #withEveryTextField}). */
  private static final List<String> TEXT_FIELDS = textFields();

  private ChunkDocuments() {}

  static String textField(Kind kind) {
    return "text_" + kind.id();
  }

  static String symbolField(Kind kind) {
    return "symbol_" + kind.id();
  }

  /**
   * The vector field of one embedder identity. A field per identity, because Lucene fixes a vector
   * field's dims for the life of the index (deleted documents included): with one shared field, the
   * first vector of a model with other dims would fail the whole run instead of being recorded as a
   * mixture that recall then refuses by name.
   */
  static String vectorField(EmbedderIdentity identity) {
    return VECTOR_PREFIX + identity;
  }

  /** The identity an {@link #EMBEDDER} term names ({@code model/dims}; the model may hold slashes). */
  static EmbedderIdentity parseIdentity(String term) {
    int slash = term.lastIndexOf('/');
    if (slash <= 0) {
      throw new IllegalStateException("embedder term must be model/dims, got: " + term);
    }
    return new EmbedderIdentity(term.substring(0, slash), Integer.parseInt(term.substring(slash + 1)));
  }

  /** The chunk documents of a file followed by its file-state document. */
  static List<Document> documents(FileState state, List<Chunk> chunks) {
    return documents(state, chunks, ChunkVectors.none());
  }

  /** As {@link #documents(FileState, List)}, each chunk with its vector when it has one. */
  static List<Document> documents(FileState state, List<Chunk> chunks, ChunkVectors vectors) {
    return documents(state, chunks, vectors, null);
  }

  /**
   * As {@link #documents(FileState, List, ChunkVectors)}, then the file's edge document when {@code imports} is not
   * null ({@link EdgeDocuments}): one block per file, so its chunks, state and edges are replaced together.
   */
  static List<Document> documents(FileState state, List<Chunk> chunks, ChunkVectors vectors, FileImports imports) {
    return documents(state, chunks, vectors, imports, ItemMetadata.none());
  }

  /** As {@link #documents(FileState, List, ChunkVectors, FileImports)}, every chunk carrying the item's metadata. */
  static List<Document> documents(FileState state, List<Chunk> chunks, ChunkVectors vectors, FileImports imports,
      ItemMetadata meta) {
    validate(state, chunks);
    if (!vectors.isNone() && vectors.vectors().size() != chunks.size()) {
      throw new IllegalArgumentException("vectors must be parallel to the chunks, got: " + vectors.vectors().size()
          + " vectors for " + chunks.size() + " chunks of " + state.path());
    }
    List<Document> documents = new ArrayList<>(chunks.size() + 1);
    for (int i = 0; i < chunks.size(); i++) {
      documents.add(withMeta(chunkDocument(chunks.get(i), vectors.identity(), vectors.vector(i)), meta));
    }
    documents.add(fileDocument(state));
    if (imports != null) {
      documents.add(EdgeDocuments.edgeDocument(state.path(), imports));
    }
    return documents;
  }

  static Document chunkDocument(Chunk chunk) {
    return chunkDocument(chunk, null, null);
  }

  /** A chunk document; with a vector when {@code vector} is not null, made by {@code identity}. */
  static Document chunkDocument(Chunk chunk, EmbedderIdentity identity, float[] vector) {
    Document doc = new Document();
    // type: a DOCS-only term, for counting and filtering each document type
    doc.add(new StringField(TYPE, CHUNK, Field.Store.NO));
    // id: stored so get(id) can answer, and a term to find or delete one chunk
    doc.add(new StringField(ID, chunk.id(), Field.Store.YES));
    addPath(doc, chunk.path());
    // kind: a filter term only; a hit's kind is the kind that was queried
    doc.add(new StringField(KIND, chunk.kind().id(), Field.Store.NO));
    // format, symbol, nodeType, lines: doc values, so building a hit reads no stored fields
    doc.add(new SortedDocValuesField(FORMAT, new BytesRef(chunk.format())));
    doc.add(new SortedDocValuesField(NODE_TYPE, new BytesRef(chunk.nodeType())));
    doc.add(new NumericDocValuesField(START_LINE, chunk.startLine()));
    doc.add(new NumericDocValuesField(END_LINE, chunk.endLine()));
    if (chunk.symbol() != null) {
      doc.add(new SortedDocValuesField(SYMBOL, new BytesRef(chunk.symbol())));
      // the symbol analysed as the kind's text, searched with a boost
      doc.add(new Field(symbolField(chunk.kind()), chunk.symbol(), BM25_TEXT));
    }
    // body: the only stored copy of the text (compressed by the codec), returned by get
    doc.add(new StoredField(BODY, chunk.text()));
    // text_<kind>: a field per kind so each kind has its own analyzer and its own BM25 statistics
    doc.add(new Field(textField(chunk.kind()), chunk.text(), BM25_TEXT));
    // path tokens (src, main, parse, http...) so a query naming a file finds it; boosted in queries
    doc.add(new Field(PATH_TOKENS, chunk.path(), BM25_TEXT));
    // text_hash: a term (raw SHA-256 bytes of the embedded text, EmbeddedText) to find a reusable vector for
    // the same text; not stored, a rewrite recomputes it from the chunk
    doc.add(new StringField(TEXT_HASH, TextHashTerms.term(EmbeddedText.of(chunk)), Field.Store.NO));
    if (vector != null) {
      // the vector (validated by ChunkVectors: the identity's dims, finite, not zero), in its identity's own field (HNSW graph, cosine)
      doc.add(new KnnFloatVectorField(vectorField(identity), vector, SIMILARITY));
      // embedder: a term naming the identity, so a mixture is found and counted per identity
      doc.add(new StringField(EMBEDDER, identity.toString(), Field.Store.NO));
    }
    return withEveryTextField(doc);
  }

  /**
   * Adds the item's metadata to a chunk document: the values once as a JSON doc value (a hit reads doc values only,
   * never a stored field), and each value as the term or point a filter matches ({@code lang = "en"} is a term of
   * {@code meta.lang}, {@code year >= 2020} a range of {@code meta_long.year}). A type per field name prefix,
   * because Lucene fixes a field's point shape for the life of the index, and a number stays a number to filter.
   */
  static Document withMeta(Document doc, ItemMetadata meta) {
    if (meta.isEmpty()) {
      return doc;
    }
    doc.add(new BinaryDocValuesField(META, new BytesRef(meta.toJson())));
    meta.values().forEach((name, value) -> {
      if (value instanceof Long number) {
        doc.add(new LongPoint(META_LONG + name, number));
      } else if (value instanceof Double number) {
        doc.add(new DoublePoint(META_DOUBLE + name, number));
      } else if (value instanceof Boolean flag) {
        doc.add(new StringField(META_BOOLEAN + name, flag.toString(), Field.Store.NO));
      } else {
        doc.add(new StringField(META_KEYWORD + name, (String) value, Field.Store.NO));
      }
    });
    return doc;
  }

  private static List<String> textFields() {
    List<String> names = new ArrayList<>();
    for (Kind kind : Kind.values()) {
      names.add(textField(kind));
      names.add(symbolField(kind));
    }
    names.add(PATH_TOKENS);
    return List.copyOf(names);
  }

  /**
   * Every BM25 field in every document, empty where the document has no value: an empty field has no terms (so no
   * BM25 statistic moves) but a norm of 0, which makes each field's norms dense. Sparse norms cost the segment
   * flush a linear scan per term (the postings writer reads each posting's norm for its impacts).
   */
  static Document withEveryTextField(Document doc) {
    for (String name : TEXT_FIELDS) {
      if (doc.getField(name) == null) {
        doc.add(new Field(name, "", BM25_TEXT));
      }
    }
    return doc;
  }

  static Document fileDocument(FileState state) {
    Document doc = new Document();
    doc.add(new StringField(TYPE, FILE, Field.Store.NO));
    addPath(doc, state.path());
    // file_path: a term only file documents carry, so updateState replaces exactly this document
    doc.add(new StringField(FILE_PATH, state.path(), Field.Store.NO));
    // file_state: the rest of the state in one compact doc value, read column-wise by fileStates()
    doc.add(new BinaryDocValuesField(FILE_STATE, FileStateCodec.encode(state)));
    return withEveryTextField(doc);
  }

  static void addPath(Document doc, String path) {
    // path: a term for exact delete and lookup, a sorted doc value for collapsing, ties and hits
    doc.add(new StringField(PATH, path, Field.Store.NO));
    doc.add(new SortedDocValuesField(PATH, new BytesRef(path)));
  }

  private static void validate(FileState state, List<Chunk> chunks) {
    if (chunks.size() != state.chunkCount()) {
      throw new IllegalArgumentException("chunkCount must equal the number of chunks, got: "
          + state.chunkCount() + " for " + chunks.size() + " chunks of " + state.path());
    }
    for (Chunk chunk : chunks) {
      if (!chunk.path().equals(state.path())) {
        throw new IllegalArgumentException("every chunk must belong to the file state's path "
            + state.path() + ", got: " + chunk.path() + " (chunk " + chunk.id() + ")");
      }
      if (chunk.kind() != state.kind()) {
        throw new IllegalArgumentException("every chunk must have the file's kind "
            + state.kind().id() + ", got: " + chunk.kind().id() + " (chunk " + chunk.id() + ")");
      }
      // the hash is kept once per file; get(path, lines) gates every chunk on it
      if (!chunk.contentHash().equals(state.contentHash())) {
        throw new IllegalArgumentException("every chunk must carry the file's contentHash "
            + state.contentHash() + ", got: " + chunk.contentHash() + " (chunk " + chunk.id() + ")");
      }
    }
  }

  private static FieldType bm25Text() {
    FieldType type = new FieldType();
    type.setTokenized(true);
    type.setStored(false);
    type.setIndexOptions(IndexOptions.DOCS_AND_FREQS);
    type.freeze();
    return type;
  }
}
