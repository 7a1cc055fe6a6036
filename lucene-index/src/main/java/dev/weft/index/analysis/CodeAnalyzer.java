package dev.weft.index.analysis;

import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.LowerCaseFilter;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.Tokenizer;
import org.apache.lucene.analysis.en.EnglishMinimalStemFilter;
import org.apache.lucene.analysis.util.CharTokenizer;

/**
 * Code-aware analysis: identifiers (letters, digits, {@code _}) are kept whole and split into their
 * words ({@link IdentifierSplitFilter}), lower-cased, then plurals are folded for code text and symbols.
 *
 * <p>Folding was chosen by measurement (docs/quality.md): queries are prose ("Returns the elements"),
 * code says {@code return}, {@code element}; stemming after the split lifted chunk-level BM25 MRR@10 on
 * every labelled code set (code-lang3 0.36 to 0.47). Lucene's minimal English stemmer (plural forms only)
 * rather than Porter or KStem: the three measured within 0.01 of each other, and the other two also strip
 * derivations ({@code Tokenizer} became {@code token}, so "token bucket" found a tokenizer before the token
 * bucket). The cost is that {@code getters} and {@code getter} now match each other. Paths are not
 * stemmed ({@link #forPaths()}): a file name is a name.
 *
 * <p>The same chain indexes and queries, and no {@code FlattenGraphFilter} runs at index time: the split's graph
 * is already flat (the identifier at position p, its parts at p, p+1, ...; it ends where its last part ends), so
 * the flattening changed no term, position increment or position length, only the identifier's offsets (to its
 * first part's start), and the index keeps neither offsets nor positions (docs and frequencies only). It cost
 * more than the rest of the chain together (docs/benchmarks.md, "Cold code ingest through the warm server").
 * {@code CodeAnalysisEqualityTest} holds the index-visible stream (terms and increments) to the flattened one.
 */
public final class CodeAnalyzer extends Analyzer {
  private final boolean stem;

  /** The index-time analyzer for code text and symbols. */
  public CodeAnalyzer() {
    this(true);
  }

  private CodeAnalyzer(boolean stem) {
    this.stem = stem;
  }

  /** The query-time analyzer for code text and symbols: the index's chain, whose graph callers may walk. */
  public static CodeAnalyzer forQuery() {
    return new CodeAnalyzer(true);
  }

  /** The index-time analyzer for path words: split like identifiers, never stemmed. */
  public static CodeAnalyzer forPaths() {
    return new CodeAnalyzer(false);
  }

  /** The query-time analyzer for path words. */
  public static CodeAnalyzer forPathQuery() {
    return new CodeAnalyzer(false);
  }

  @Override
  protected TokenStreamComponents createComponents(String fieldName) {
    Tokenizer tokenizer =
        CharTokenizer.fromTokenCharPredicate(c -> Character.isLetterOrDigit(c) || c == '_');
    TokenStream stream = new IdentifierSplitFilter(tokenizer);
    // after splitting: the case changes are what the splitter reads
    stream = new LowerCaseFilter(stream);
    if (stem) {
      // after lower-casing: the stemmer only knows lower-case English
      stream = new EnglishMinimalStemFilter(stream);
    }
    return new TokenStreamComponents(tokenizer, stream);
  }

  @Override
  protected TokenStream normalize(String fieldName, TokenStream in) {
    return new LowerCaseFilter(in);
  }
}
