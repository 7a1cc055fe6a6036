/**
 * {@code weft eval}'s harness: labelled sets in BEIR's layout ({@code BeirSet}: queries, {@code Qrels}, a corpus of
 * records or a tree) indexed through the real ingest path, then every query recalled per mode and scored as trec_eval
 * defines the metrics ({@code Metrics}: nDCG@10, MRR@10, Recall@10/100), with each mode's answers also written as a
 * TREC run ({@code TrecRun}). Every recall default was chosen with it (docs/quality.md).
 *
 * <p>Read {@link dev.weft.bench.eval.EvalRunner} first.
 *
 * <p>May import: the JDK, Jackson, {@code dev.weft.context} with its {@code embed}, {@code fusion} and {@code error}
 * packages, {@code models.embed}, {@code dev.weft.index}, {@code transforms.dataset}, {@code transforms.vectors} and
 * {@code pipelines.ingest}. Must not import {@code jobs} ({@code LayeringTest}). Results must not depend on timing:
 * queries run in parallel but land at their index ({@code Parallel}).
 */
package dev.weft.bench.eval;
