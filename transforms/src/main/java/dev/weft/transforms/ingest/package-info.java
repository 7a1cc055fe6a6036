/**
 * The ingest core over a directory tree, as plain functions both executors call: list the corpus ({@code CorpusLister}:
 * git-aware, with {@code ListingWatches} keeping a long-lived process's listing valid), plan an incremental pass
 * ({@code ChangePlanner}: (mtime, size) first, then the content hash; a {@code PathScope} never deletes outside it),
 * then read, route and chunk one file ({@link dev.weft.transforms.ingest.FileProcessor}), with bad input refused by a
 * named reason rather than thrown. Also here: {@code FileTreeItemSource}, the item source {@code get} reads a tree's
 * files back through, with the same refusals as the reader, and {@code TreeWatcher} for {@code weft index --watch}.
 *
 * <p>Read {@link dev.weft.transforms.ingest.FileProcessor} first: it is the unit the in-process executor and the Beam
 * {@code ReadAndChunkFiles} transform both run (docs/design.md, "Functional core, Beam shell").
 *
 * <p>May import: the JDK, {@code dev.weft.context} (with {@code error} and {@code graph}), and
 * {@code transforms.route}, {@code transforms.chunk} and {@code transforms.graph}. Part of the ingest core: must not
 * import Beam, Lucene or {@code dev.weft.index} ({@code LayeringTest}); what the index holds reaches the planner as
 * {@code FileState}s.
 */
package dev.weft.transforms.ingest;
