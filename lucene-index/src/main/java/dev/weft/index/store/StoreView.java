package dev.weft.index.store;

import org.apache.lucene.search.IndexSearcher;

/**
 * What one commit of a store holds: its documents ({@code searcher}) overlaid by the writes its commit point
 * carries ({@code log}; see {@link CommitLog}). Both come from the same commit, so a read sees one state.
 */
record StoreView(IndexSearcher searcher, CommitLog log) {}
