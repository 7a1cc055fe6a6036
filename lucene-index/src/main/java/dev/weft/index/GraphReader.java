package dev.weft.index;

import dev.weft.context.FileState;
import dev.weft.context.graph.CodeGraph;
import dev.weft.context.graph.FileImports;
import dev.weft.context.graph.GraphFile;
import dev.weft.context.graph.NodeChunk;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.lucene.document.Document;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.lucene.index.DocValues;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.index.NumericDocValues;
import org.apache.lucene.index.SortedDocValues;
import org.apache.lucene.index.StoredFields;
import org.apache.lucene.index.Term;

/**
 * Reads the code graph of the generation a {@link CorpusSearcher} holds: every indexed item is a node (refused
 * items are not), code files with an edge document bring their imports ({@link EdgeDocuments}), and
 * {@link CodeGraph#of} resolves them against each other. One pass over the edge documents' stored fields: build it
 * once per generation and keep it (the facade caches it by generation number).
 */
public final class GraphReader {
  /** The prefix of the content hash a refused item is remembered with (transforms' ChangePlanner.REFUSED_HASH_PREFIX). */
  static final String REFUSED = "refused:";

  private GraphReader() {}

  /**
   * Resolved graphs by the reader they were read from (Lucene's per-reader cache key), dropped when the reader
   * closes: every searcher of one generation shares one graph, and a recall that spreads reads it once.
   */
  private static final Map<IndexReader.CacheKey, CodeGraph> CACHE = new ConcurrentHashMap<>();

  /** The resolved import graph of the searcher's generation (read once per generation while it is open). */
  public static CodeGraph read(CorpusSearcher searcher) {
    IndexReader.CacheHelper helper = searcher.reader().getReaderCacheHelper();
    if (helper == null) {
      return readNow(searcher);
    }
    CodeGraph known = CACHE.get(helper.getKey());
    if (known != null) {
      return known;
    }
    CodeGraph graph = readNow(searcher);
    if (CACHE.putIfAbsent(helper.getKey(), graph) == null) {
      helper.addClosedListener(CACHE::remove);
    }
    return graph;
  }

  private static CodeGraph readNow(CorpusSearcher searcher) {
    Map<String, FileImports> imports = new HashMap<>();
    try {
      TermLookup.all(searcher.reader(), new Term(ChunkDocuments.TYPE, EdgeDocuments.EDGES), leaf -> {
        StoredFields stored = leaf.reader().storedFields();
        return doc -> {
          Document fields = stored.document(doc, Set.of(EdgeDocuments.GRAPH_PATH, EdgeDocuments.IMPORTS));
          imports.put(fields.get(EdgeDocuments.GRAPH_PATH), FileImports.fromJson(fields.get(EdgeDocuments.IMPORTS)));
          return null; // collected into the map; nothing to list
        };
      });
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the code graph of generation "
          + searcher.generation().generation(), e);
    }
    List<GraphFile> files = new ArrayList<>();
    for (FileState state : FileStates.all(searcher.reader()).values()) {
      if (!state.contentHash().startsWith(REFUSED)) {
        files.add(new GraphFile(state.path(), state.kind(), state.format(), imports.get(state.path())));
      }
    }
    return CodeGraph.of(files);
  }

  /** The chunks of one item, in line order; empty when the generation holds none. */
  public static List<NodeChunk> chunks(CorpusSearcher searcher, String path) {
    try {
      List<NodeChunk> chunks = new ArrayList<>(TermLookup.<NodeChunk>all(searcher.reader(),
          new Term(ChunkDocuments.PATH, path), leaf -> {
            NumericDocValues starts = DocValues.getNumeric(leaf.reader(), ChunkDocuments.START_LINE);
            NumericDocValues ends = DocValues.getNumeric(leaf.reader(), ChunkDocuments.END_LINE);
            SortedDocValues symbols = DocValues.getSorted(leaf.reader(), ChunkDocuments.SYMBOL);
            SortedDocValues nodeTypes = DocValues.getSorted(leaf.reader(), ChunkDocuments.NODE_TYPE);
            return doc -> {
              if (!starts.advanceExact(doc) || !ends.advanceExact(doc) || !nodeTypes.advanceExact(doc)) {
                return null; // the file's state or edge document, not a chunk
              }
              String symbol = symbols.advanceExact(doc) ? symbols.lookupOrd(symbols.ordValue()).utf8ToString() : null;
              return new NodeChunk(symbol, nodeTypes.lookupOrd(nodeTypes.ordValue()).utf8ToString(),
                  (int) starts.longValue(), (int) ends.longValue());
            };
          }));
      chunks.sort(Comparator.comparingInt(NodeChunk::startLine).thenComparingInt(NodeChunk::endLine));
      return chunks;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the chunks of " + path, e);
    }
  }
}
