package dev.weft.index;

import dev.weft.context.Kind;
import dev.weft.index.analysis.QueryTerms;
import java.util.Optional;
import java.util.Set;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.BooleanClause.Occur;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.BoostQuery;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.TermQuery;

/**
 * Builds a kind's BM25 query from analysed tokens, never from query syntax, so user text such as
 * {@code foo(bar} or {@code a:b} is just words.
 */
final class RecallQueries {
  /**
   * A query word in a code chunk's symbol counts like one in its body: the symbol field is short, so BM25's
   * length normalisation already lifts a match there. Measured (docs/quality.md): 2.0 lost MRR@10 on
   * every labelled code set against 1.0.
   */
  static final float SYMBOL_BOOST = 1.0f;

  /**
   * How much a query word in the chunk's symbol counts, per kind. A doc chunk's symbol is its section heading,
   * which is already the first line of the section's text: searching it again, in a field of two or three words,
   * counted the heading twice and let a heading that repeats one query word ("Indentation") outrank the
   * section answering the whole query (python-faq as a folder: MRR@10 0.103 with the clause, 0.230 without,
   * docs/quality.md). A code symbol is a name the query's words are split out of, so it stays.
   */
  static float symbolBoost(Kind kind) {
    return switch (kind) {
      case CODE -> SYMBOL_BOOST;
      case DOC -> 0f;
    };
  }
  /**
   * A word of a code file's path (file or directory name) is weak evidence for each of the file's chunks: a
   * query word naming a page lifts all its sections. Measured: 1.5 cost 0.02-0.05 MRR@10 against 0.5.
   */
  static final float PATH_BOOST = 0.5f;

  /**
   * How much a query word in the path counts, per kind. A code file is named by what it declares (a Java file
   * by its class), and the body does not spell that name as words, so the path is evidence the text lacks: ×0.5
   * (×0 lost on code-lang3, chunk MRR@10 0.480 to 0.467). A doc file's subject is already in its text — its
   * title and headings — and its path is a slug of that title or an id ({@code faq_design_1.md}, a dataset
   * record's {@code faq/design#1}), so a query word naming the page lifted every section of it over the one
   * answering: python-faq BM25 MRR@10 0.265 → 0.285 on both paths without it (docs/quality.md, "Path weight per
   * kind"). A doc found only by a word of its file name is not found by BM25 (dense and hybrid still can).
   */
  static float pathBoost(Kind kind) {
    return switch (kind) {
      case CODE -> PATH_BOOST;
      case DOC -> 0f;
    };
  }

  private RecallQueries() {}

  /** The query for one kind, or empty when the text has no searchable word. */
  static Optional<Query> build(Kind kind, String text) {
    return build(kind, text, null);
  }

  /**
   * As {@link #build(Kind, String)}, keeping only the chunks {@code where} matches (a FILTER clause: it selects
   * inside the search and scores nothing); null for no filter.
   */
  static Optional<Query> build(Kind kind, String text, Query where) {
    String textField = ChunkDocuments.textField(kind);
    String symbolField = ChunkDocuments.symbolField(kind);
    Set<String> words = words(kind, text);
    Set<String> pathWords = pathBoost(kind) > 0 ? pathWords(text) : Set.of();
    if (words.isEmpty() && pathWords.isEmpty()) {
      return Optional.empty();
    }
    float symbolBoost = symbolBoost(kind);
    BooleanQuery.Builder anyWord = new BooleanQuery.Builder();
    for (String word : words) {
      anyWord.add(new TermQuery(new Term(textField, word)), Occur.SHOULD);
      if (symbolBoost > 0) {
        anyWord.add(new BoostQuery(new TermQuery(new Term(symbolField, word)), symbolBoost), Occur.SHOULD);
      }
    }
    for (String word : pathWords) {
      anyWord.add(new BoostQuery(new TermQuery(new Term(ChunkDocuments.PATH_TOKENS, word)), pathBoost(kind)),
          Occur.SHOULD);
    }
    // the words must match (beside a FILTER, SHOULD clauses alone would be optional)
    return Optional.of(new BooleanQuery.Builder()
        .add(anyWord.build(), Occur.MUST)
        .add(filter(kind, where), Occur.FILTER)
        .build());
  }

  /** The kind's chunks, those {@code where} matches when it is not null. */
  static Query filter(Kind kind, Query where) {
    Query ofKind = new TermQuery(new Term(ChunkDocuments.KIND, kind.id()));
    return where == null ? ofKind
        : new BooleanQuery.Builder().add(ofKind, Occur.FILTER).add(where, Occur.FILTER).build();
  }

  /** The query's words as the kind's text and symbol fields were analysed ({@link QueryTerms}: at most 64). */
  static Set<String> words(Kind kind, String text) {
    return QueryTerms.of(IndexConfig.queryAnalyzer(kind), ChunkDocuments.textField(kind), text);
  }

  /** The query's words as the path field was analysed. */
  static Set<String> pathWords(String text) {
    return QueryTerms.of(IndexConfig.pathQueryAnalyzer(), ChunkDocuments.PATH_TOKENS, text);
  }
}
