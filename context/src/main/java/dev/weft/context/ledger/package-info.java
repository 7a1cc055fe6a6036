/**
 * An agent's ledger on any {@link dev.weft.context.store.Store}: one active goal with append-only, evidenced progress
 * (folded into lossless checkpoints past its limits), memories refused without evidence, skills, and slots the harness
 * writes with retention and tombstones; recall over them with tags, jq filters and vectors; snapshots and rollback.
 * Every multi-key write is one {@code Store.mutate}, and addresses ({@code memory:7}) are minted from counters that
 * never go down.
 *
 * <p>Read {@link dev.weft.context.ledger.Ledger} first: it is the entry point; the package-private classes ({@code
 * Goals}, {@code Records}, {@code Archive}, {@code Mint}, {@code LedgerKeys}) are its parts. docs/ledger.md says what
 * each operation promises.
 *
 * <p>May import: the JDK, Jackson, jackson-jq, {@code context.store}, {@code context.embed} and {@code context.error}.
 * Must not import Lucene or the index: the durable adapter is {@code index.store} ({@code LuceneStore}), and evidence
 * quoting a Weft chunk is checked through the {@code ChunkTexts} seam, which the api module implements over the corpus
 * index.
 */
package dev.weft.context.ledger;
