/**
 * {@link dev.weft.index.store.LuceneStore}, the durable adapter of the storage contract ({@code
 * dev.weft.context.store.Store}) that the ledger and the memory write path run on: one Lucene index in a directory, one
 * document per key, every write acknowledged only once the commit holding it is durable. The rest of the package makes
 * that cheap enough for one commit per write: concurrent mutates share a commit ({@code GroupCommit}), a writer is kept
 * between writes, recent writes ride in the commit point rather than in new segments ({@code CommitLog}, folded ahead
 * of time), commit points go to one preallocated journal file, and each file is fsynced once with a commit's fsyncs in
 * parallel ({@code SyncOnceDirectory}). docs/ledger.md has the measurements behind each step.
 *
 * <p>Read {@link dev.weft.index.store.LuceneStore} first, then {@code StoreDirectory} for the directory stack from top
 * to bottom. Everything but {@code LuceneStore} and {@code LuceneStoreOptions} is package-private.
 *
 * <p>May import: the JDK, Lucene, Jackson, {@code context.store}, {@code context.embed}, {@code context.error},
 * {@code dev.weft.context} and {@code dev.weft.index}. Must not import Beam, {@code models} or anything above
 * {@code lucene-index}. Every adapter passes the contract suite in {@code context}'s test jar; run it after any change
 * here.
 */
package dev.weft.index.store;
