package dev.weft.index;

import dev.weft.context.Chunk;
import dev.weft.context.FileState;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.apache.lucene.document.Document;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.index.LeafReader;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.PostingsEnum;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.DocIdSetIterator;
import org.apache.lucene.util.Bits;

/**
 * Rebuilds {@link Chunk} values from chunk documents: id and body from stored fields, the rest from
 * doc values, kind and content hash from the file's state (kept once per file). Not thread-safe: one
 * per reading thread.
 */
final class StoredChunks {
  private static final Set<String> STORED = Set.of(ChunkDocuments.ID, ChunkDocuments.BODY);
  /** The states of recently read files: a file's chunks are mostly neighbours in a segment. */
  private static final int STATE_CACHE = 256;

  private final IndexReader reader;
  private final Map<String, FileState> states = new LinkedHashMap<>(16, 0.75f, true) {
    @Override
    protected boolean removeEldestEntry(Map.Entry<String, FileState> eldest) {
      return size() > STATE_CACHE;
    }
  };

  StoredChunks(IndexReader reader) {
    this.reader = reader;
  }

  /** The chunk of a document of {@code leaf}. */
  Chunk read(LeafReader leaf, int doc) throws IOException {
    Document stored = leaf.storedFields().document(doc, STORED);
    String id = stored.get(ChunkDocuments.ID);
    String path = HitReader.string(leaf, ChunkDocuments.PATH, doc);
    FileState state = state(path, id);
    return new Chunk(id, path, state.kind(),
        HitReader.string(leaf, ChunkDocuments.FORMAT, doc),
        HitReader.string(leaf, ChunkDocuments.SYMBOL, doc),
        HitReader.string(leaf, ChunkDocuments.NODE_TYPE, doc),
        (int) HitReader.number(leaf, ChunkDocuments.START_LINE, doc),
        (int) HitReader.number(leaf, ChunkDocuments.END_LINE, doc),
        stored.get(ChunkDocuments.BODY),
        state.contentHash());
  }

  /** The live chunk with that id, if the reader holds one. */
  Optional<Chunk> find(String id) throws IOException {
    Term term = new Term(ChunkDocuments.ID, id);
    for (LeafReaderContext leaf : reader.leaves()) {
      LeafReader leafReader = leaf.reader();
      PostingsEnum postings = leafReader.postings(term, PostingsEnum.NONE);
      if (postings == null) {
        continue;
      }
      Bits live = leafReader.getLiveDocs();
      for (int doc = postings.nextDoc(); doc != DocIdSetIterator.NO_MORE_DOCS; doc = postings.nextDoc()) {
        if (live == null || live.get(doc)) {
          return Optional.of(read(leafReader, doc));
        }
      }
    }
    return Optional.empty();
  }

  private FileState state(String path, String id) {
    FileState state = states.get(path);
    if (state == null) {
      state = FileStates.of(reader, path).orElseThrow(() ->
          new IllegalStateException("chunk " + id + " must have a file state for " + path + ", found none"));
      states.put(path, state);
    }
    return state;
  }
}
