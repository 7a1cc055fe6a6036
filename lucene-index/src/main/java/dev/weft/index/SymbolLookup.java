package dev.weft.index;

import dev.weft.context.Chunk;
import dev.weft.context.Kind;
import dev.weft.context.impact.SymbolChunks;
import dev.weft.index.analysis.CodeAnalyzer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.tokenattributes.CharTermAttribute;
import org.apache.lucene.index.DocValues;
import org.apache.lucene.index.SortedDocValues;
import org.apache.lucene.index.Term;

/**
 * The chunks a symbol's impact is read from, by term lookups on one searcher's generation: definitions through the
 * code symbol field, mentions through the code text field. Both look up the identifier as the code analyzer indexes
 * it whole (its first token: lower-cased, plural-folded), so {@code parseHttp} finds chunks holding
 * {@code parseHttp} and not those holding only {@code parse}; the fold and the case make it a superset, which the
 * caller narrows by reading the text. Use while the searcher is open; not thread-safe.
 */
public final class SymbolLookup implements SymbolChunks {
  private static final Comparator<Chunk> BY_PLACE =
      Comparator.comparing(Chunk::path).thenComparingInt(Chunk::startLine).thenComparing(Chunk::id);

  private final CorpusSearcher searcher;
  private final Analyzer analyzer = new CodeAnalyzer();

  private SymbolLookup(CorpusSearcher searcher) {
    this.searcher = searcher;
  }

  /** Lookups on the searcher's generation; valid while it is open. */
  public static SymbolLookup of(CorpusSearcher searcher) {
    return new SymbolLookup(Objects.requireNonNull(searcher, "searcher"));
  }

  @Override
  public List<Chunk> defining(String name) {
    String token = wholeToken(name);
    if (token == null) {
      return List.of();
    }
    return read(new Term(ChunkDocuments.symbolField(Kind.CODE), token), name, true);
  }

  /** Stops at the first chunk whose symbol is exactly {@code name}, reading no stored field. */
  @Override
  public boolean defines(String name) {
    String token = wholeToken(name);
    if (token == null) {
      return false;
    }
    try {
      return TermLookup.first(searcher.reader(), new Term(ChunkDocuments.symbolField(Kind.CODE), token), leaf -> {
        SortedDocValues symbols = DocValues.getSorted(leaf.reader(), ChunkDocuments.SYMBOL);
        return doc -> name.equals(HitReader.string(symbols, doc)) ? Boolean.TRUE : null;
      }).isPresent();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot look up the symbol " + name + " in generation "
          + searcher.generation().generation(), e);
    }
  }

  @Override
  public List<Chunk> mentioning(String name) {
    String token = wholeToken(name);
    if (token == null) {
      return List.of();
    }
    return read(new Term(ChunkDocuments.textField(Kind.CODE), token), name, false);
  }

  private List<Chunk> read(Term term, String name, boolean exactSymbol) {
    StoredChunks chunks = new StoredChunks(searcher.reader());
    try {
      List<Chunk> found = TermLookup.all(searcher.reader(), term, leaf -> {
        StoredChunks.Leaf columns = chunks.leaf(leaf.reader());
        SortedDocValues symbols = DocValues.getSorted(leaf.reader(), ChunkDocuments.SYMBOL);
        return doc -> {
          if (exactSymbol && !name.equals(HitReader.string(symbols, doc))) {
            return null;
          }
          return columns.read(doc);
        };
      });
      return found.stream().sorted(BY_PLACE).toList();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot look up the symbol " + name + " in generation "
          + searcher.generation().generation(), e);
    }
  }

  /** The identifier as the code analyzer indexes it whole, or null when the name holds no word. */
  private String wholeToken(String name) {
    Objects.requireNonNull(name, "name");
    try (TokenStream stream = analyzer.tokenStream(ChunkDocuments.textField(Kind.CODE), name)) {
      CharTermAttribute term = stream.addAttribute(CharTermAttribute.class);
      stream.reset();
      String first = stream.incrementToken() ? term.toString() : null;
      while (stream.incrementToken()) {
        // drained so the stream can be ended and reused
      }
      stream.end();
      return first;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot analyse the symbol " + name, e);
    }
  }
}
