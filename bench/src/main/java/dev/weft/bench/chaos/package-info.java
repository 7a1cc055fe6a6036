/**
 * The crash-and-race suite ({@code weft bench chaos}, docs/chaos.md): seeded cycles of corpus mutations and
 * {@code index}, {@code embed-missing} and {@code rollback} child processes, one killed with SIGKILL at a seeded
 * moment, a rollback racing the index run, readers running throughout; then the invariants are checked — acknowledged
 * generations never lost ({@code GenerationLedger}), no reader fails, every kept commit passes {@code CheckIndex}
 * ({@code CommitChecks}), nothing leaked ({@code LeakScan}) — and the final index is held to a fresh build of the same
 * corpus.
 *
 * <p>Read {@link dev.weft.bench.chaos.ChaosBench} first, then {@code ChaosSuite} for one run.
 *
 * <p>May import: the JDK, Lucene ({@code CheckIndex} and the commits), {@code dev.weft.index}, {@code dev.weft.context}
 * with its {@code error} and {@code generation} packages, {@code models} and {@code dev.weft.bench}. Must not import
 * {@code jobs}: the children run the real CLI, whose main class the command hands in ({@code LayeringTest}). A seed
 * replays the same schedule; keep every random choice on the suite's seeded streams.
 */
package dev.weft.bench.chaos;
