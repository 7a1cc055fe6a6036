/**
 * The index's text analysis, one analyzer per kind: {@code CodeAnalyzer} (identifiers kept whole and split into their
 * words by {@code IdentifierSplitFilter}, lower-cased, plurals folded) and {@code DocAnalyzer} (Unicode words, lower
 * case, KStem, no stop words). Each choice was made by measurement with {@code weft eval} (docs/quality.md); the
 * reasons are in the classes' comments.
 *
 * <p>Read {@link dev.weft.index.analysis.CodeAnalyzer} first. Any change to what an analyzer emits must bump
 * {@link dev.weft.index.analysis.AnalysisVersion}: it is part of the ingest stamp, so old indexes are re-analysed on
 * their next run instead of meeting stemmed queries with unstemmed terms.
 *
 * <p>May import: the JDK and Lucene's analysis packages. Must not import any Weft package, not even
 * {@code dev.weft.index}: it is the leaf both the index and the ingest stamp read.
 */
package dev.weft.index.analysis;
