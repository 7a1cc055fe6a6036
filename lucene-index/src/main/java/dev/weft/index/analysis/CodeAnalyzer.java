package dev.weft.index.analysis;

import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.LowerCaseFilter;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.Tokenizer;
import org.apache.lucene.analysis.core.FlattenGraphFilter;
import org.apache.lucene.analysis.util.CharTokenizer;

/**
 * Code-aware analysis: identifiers (letters, digits, {@code _}) are kept whole and split into their
 * words ({@link IdentifierSplitFilter}), then lower-cased. No stemming: {@code getters} and
 * {@code getter} are different identifiers.
 */
public final class CodeAnalyzer extends Analyzer {
  private final boolean flattenGraph;

  /** The index-time analyzer: flattens the token graph, as IndexWriter cannot index a graph. */
  public CodeAnalyzer() {
    this(true);
  }

  private CodeAnalyzer(boolean flattenGraph) {
    this.flattenGraph = flattenGraph;
  }

  /** The query-time analyzer: keeps the graph, for callers that want to walk it. */
  public static CodeAnalyzer forQuery() {
    return new CodeAnalyzer(false);
  }

  @Override
  protected TokenStreamComponents createComponents(String fieldName) {
    Tokenizer tokenizer =
        CharTokenizer.fromTokenCharPredicate(c -> Character.isLetterOrDigit(c) || c == '_');
    TokenStream stream = new IdentifierSplitFilter(tokenizer);
    if (flattenGraph) {
      stream = new FlattenGraphFilter(stream);
    }
    // after splitting: the case changes are what the splitter reads
    return new TokenStreamComponents(tokenizer, new LowerCaseFilter(stream));
  }

  @Override
  protected TokenStream normalize(String fieldName, TokenStream in) {
    return new LowerCaseFilter(in);
  }
}
