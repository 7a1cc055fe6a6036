package dev.weft.index.analysis;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.LinkedHashSet;
import java.util.Set;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.tokenattributes.CharTermAttribute;

/**
 * The words a BM25 query searches for: the distinct analysed tokens of its text, in order of appearance, at most
 * {@link #MAX}. The one bound of every query Weft builds from text (corpus recall, memory and ledger search), so a
 * pasted page, or one word repeated a thousand times, stays inside Lucene's clause limit (1,024) instead of failing
 * with {@code TooManyClauses}; the words past the bound are not searched (docs/recall.md).
 */
public final class QueryTerms {
  /** Corpus recall adds up to 3 clauses per word (text, symbol, path): 192, far inside the limit. */
  public static final int MAX = 64;

  private QueryTerms() {}

  /** The distinct tokens {@code analyzer} makes of {@code text} for {@code field}, at most {@link #MAX}. */
  public static Set<String> of(Analyzer analyzer, String field, String text) {
    Set<String> terms = new LinkedHashSet<>();
    try (TokenStream stream = analyzer.tokenStream(field, text)) {
      CharTermAttribute term = stream.addAttribute(CharTermAttribute.class);
      stream.reset();
      while (terms.size() < MAX && stream.incrementToken()) {
        terms.add(term.toString());
      }
      stream.end();
    } catch (IOException e) {
      throw new UncheckedIOException("analysing a query string cannot fail", e);
    }
    return terms;
  }
}
