/**
 * Everything that exists only to measure, so that no production module carries it: {@code weft bench}'s benchmarks
 * ({@code IngestBench}, {@code EmbedBench}, {@code VectorBench}, {@code WholeProcessBench}, {@code GraphCostBench},
 * {@code ImpactBench}) and their raw baselines ({@code RawIndexBaseline}: a bare {@code IndexWriter} loop writing the
 * documents Weft writes; {@code OnnxRawLoop}: langchain4j's own ONNX loop). Every figure is printed beside a baseline
 * measured in the same run, as a ratio; docs/benchmarks.md records the runs.
 *
 * <p>Read {@link dev.weft.bench.Bench} first: a benchmark is options checked in its constructor with {@code Checks},
 * then one run in a {@code WorkDir}; adding one is one class here, one thin command in {@code jobs} and one list entry
 * (docs/design.md, "Adding a benchmark").
 *
 * <p>May import: every production module, and Lucene, onnxruntime and langchain4j directly (a baseline measures below
 * Weft's API). Must not import {@code jobs} ({@code LayeringTest}); nothing but {@code jobs}' thin commands imports
 * this module, and every class named {@code *Bench} or {@code *Baseline} lives under {@code dev.weft.bench}.
 */
package dev.weft.bench;
