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
 * <h2>Vectors</h2>
 *
 * <p>A chunk with a vector carries it in a {@code KnnFloatVectorField} (cosine) named for its embedder
 * identity ({@code vector:<model>/<dims>}, because Lucene fixes a field's dims for the life of the
 * index) plus an {@code embedder} term naming the identity, so a mixture can be counted
 * ({@link dev.weft.index.VectorCensus}); every chunk carries the SHA-256 of its text
 * ({@link dev.weft.context.ChunkTextHash}) so {@link dev.weft.index.VectorLookup} can hand back vectors
 * for unchanged text instead of embedding it again. Chunks whose batch failed are indexed without a
 * vector; {@link dev.weft.index.CorpusSearcher#chunksWithoutVectors} lists them and
 * {@link dev.weft.index.IndexUpdate#setVectors} rewrites them with vectors. The manifest records the
 * identity and the counts with and without vectors.
 *
 * <h2>Recall</h2>
 *
 * <p>Per kind, a BM25 query built from the kind analyzer's tokens (never query syntax): every token
 * as a SHOULD term on the kind's text field, the same on the symbol field (x1), and the unstemmed path
 * analyzer's tokens on the path words boosted x0.5, filtered to the kind. Ties are ordered by path
 * then start line. One hit per file keeps each file's best chunk and pages deeper until enough
 * distinct files are found.
 *
 * <p>With vectors ({@link dev.weft.context.RecallMode}): dense is Lucene KNN filtered to the kind; hybrid
 * fuses the BM25 pool and the nearest neighbours by the request's {@link dev.weft.context.fusion.FusionRule}.
 * Both first refuse, with
 * {@link dev.weft.index.EmbedderMismatchException}, a query vector of another identity or an index holding a
 * mixture or no vectors. Every mode orders equal scores by path then line and collapses to one hit per file
 * the same way.
 */
package dev.weft.index;
