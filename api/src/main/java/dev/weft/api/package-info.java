/**
 * The library facade: {@link dev.weft.api.Weft}, one index directory and everything the CLI does with it (index a tree
 * or a dataset, recall in every mode, get, stats, generations, rollback, embed-missing, export, check, the code graph
 * and impact, the ledger and the memory beside the index, programs), with its request and result records. The
 * orchestration a caller would otherwise copy lives here once: which embedder a command uses (the flag, else the
 * index's recorded identity), which item source {@code get} reads (the manifest's recorded source,
 * {@code ItemSources}), the embed pass after an ingest, and {@code WeftCache}, the opened indexes a long-lived process
 * keeps between calls.
 *
 * <p>Read {@link dev.weft.api.Weft} first, then docs/api.md. It is thread-safe for concurrent recalls and follows
 * {@code CURRENT} when another run publishes.
 *
 * <p>May import: every module below it — {@code context}, {@code models}, {@code lucene-index}, {@code transforms},
 * {@code agents}, {@code pipelines} — and Beam only to start a program pipeline ({@code BeamPrograms}). Must not import
 * {@code bench} or {@code jobs} ({@code LayeringTest}). Public signatures use Weft's own records, never the index
 * module's types ({@code Views} converts), so callers of the facade need not depend on {@code lucene-index}. Lines a
 * user sees are 1-based; {@code Lines} is the one converter.
 */
package dev.weft.api;
