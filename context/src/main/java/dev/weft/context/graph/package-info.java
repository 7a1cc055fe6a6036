/**
 * The code graph of one generation: what each file contributes at ingest ({@code FileImports}: the keys it provides and
 * its unresolved {@code ImportRef}s), the graph resolved from all of them at read time ({@link
 * dev.weft.context.graph.CodeGraph}), the node and neighbourhood records {@code graph} and {@code related} answer with,
 * and {@code SpreadingRecall}, the post-ranking step that lifts hits sharing an import edge. Resolution happens when
 * the graph is read, so a file added later resolves an earlier file's import without rewriting it.
 *
 * <p>Read {@link dev.weft.context.graph.CodeGraph} first: its comment lists the keys each language provides.
 *
 * <p>May import: the JDK, Jackson, {@code dev.weft.context} and {@code context.graph.git}. Must not import the index or
 * the ingest core: the extraction of imports from source lives in {@code transforms.graph}, the storage of
 * {@code FileImports} in {@code lucene-index}. {@code FileImports.VERSION} is part of the ingest stamp; bump it when
 * the extraction rules change.
 */
package dev.weft.context.graph;
