/**
 * The corpus index: one Lucene index plus published generations.
 *
 * <h2>On disk</h2>
 *
 * <pre>
 * lucene/              the Lucene index; commits are kept while a kept generation reads them
 * generations/N.json   one manifest per published generation (Jackson)
 * CURRENT              the served generation number, swapped by temp file + atomic rename
 * deadletters/         written by the ingest stages, not by this package
 * </pre>
 *
 * <p>An update ({@link dev.weft.index.IndexUpdate}) opens its writer on the served commit, commits
 * with user data naming the generation it is destined for, then publishes: manifest first, then
 * {@code CURRENT}. A run that dies in between leaves an orphan commit that nothing serves and the
 * next run ignores (and its deletion policy removes). Generation numbers are never reused, even after
 * a rollback.
 *
 * <h2>Documents</h2>
 *
 * <p>{@code type=chunk} documents carry the searchable text per kind ({@code text_code},
 * {@code text_doc}), the analysed symbol ({@code symbol_<kind>}) and path words
 * ({@code path_tokens}), all indexed with frequencies but without positions (BM25 only, no phrase
 * queries), the stored body once, and doc values for everything a hit shows (path, format, symbol,
 * node type, lines). {@code type=file} documents hold the file state in one binary doc value, so
 * {@link dev.weft.index.CorpusIndex#fileStates()} reads a column rather than stored documents. The
 * content hash is kept once per file, on the file document. See {@code ChunkDocuments}.
 *
 * <h2>Recall</h2>
 *
 * <p>Per kind, a BM25 query built from the kind analyzer's tokens (never query syntax): every token
 * as a SHOULD term on the kind's text field, the same on the symbol field boosted x2, and the code
 * analyzer's tokens on the path words boosted x1.5, filtered to the kind. Ties are ordered by path
 * then start line. One hit per file keeps each file's best chunk and pages deeper until enough
 * distinct files are found.
 */
package dev.weft.index;
