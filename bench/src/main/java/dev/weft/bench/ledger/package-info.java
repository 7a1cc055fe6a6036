/**
 * {@code weft bench ledger}: what the storage contract costs on each store. {@code MutateLoad} runs one
 * read-modify-write workload against the Lucene store, the in-memory store, SQLite (WAL, {@code synchronous=FULL}) and
 * the ceiling of one bare Lucene commit per step ({@code CommitPointCeiling}), reporting durable commits/s and p50/p95
 * latency; {@code RecallLoad} compares a recall sweep with the store's own {@code rank}. docs/ledger.md records the
 * figures.
 *
 * <p>Read {@link dev.weft.bench.ledger.LedgerBench} first.
 *
 * <p>May import: the JDK (JDBC for SQLite), Jackson, Lucene, {@code context.store}, {@code context.embed},
 * {@code index.store} and {@code dev.weft.bench}. Must not import {@code jobs} ({@code LayeringTest}). Every target
 * runs the same workload, so a change to {@code MutateLoad} changes every row of the comparison.
 */
package dev.weft.bench.ledger;
