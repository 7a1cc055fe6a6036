/**
 * The memory write path: remember, forget, get and recall facts, episodes and docs per scope (owner, session or
 * global), on any {@link dev.weft.context.store.Store} that offers {@code mutate}. Each multi-key write is planned from
 * plain reads and applied as one compare-and-set style mutate ({@code PlannedMutate}); recall is BM25 through
 * {@code Store.search}, optionally fused with nearest neighbours through {@code Store.rank} by the same
 * {@code FusionRule} the corpus hybrid uses.
 *
 * <p>Read {@link dev.weft.context.memory.Memory} first, then {@code MemoryKeys} for the key layout; docs/ledger.md
 * ("Memory write path") says what each operation promises.
 *
 * <p>May import: the JDK, Jackson, {@code dev.weft.context}, {@code context.store}, {@code context.embed},
 * {@code context.fusion} and {@code context.error}. Must not import Lucene or the index: search and rank are answered
 * by the store's adapter. A scope's prefix is never a prefix of another's, and every read sees exactly the scope it
 * names.
 */
package dev.weft.context.memory;
