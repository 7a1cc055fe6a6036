/**
 * Ingest runs, from a request to a published generation, without Beam. {@link dev.weft.pipelines.ingest.Ingester} is
 * one run skeleton (open the index, guard the embedder, plan against the served generation, execute, commit, publish,
 * write the dead letters) over a {@code SourcePass}: a directory tree ({@code DirectoryPass}) or a dataset
 * ({@code DatasetPass}). The change set runs on one of two executors with the same documents either way: threads in
 * this JVM ({@code InProcessExecutor}, here) or a Beam pipeline ({@code BeamExecutor} in {@code pipelines.ingest.beam}).
 * Also here: {@code IngestRequest} (the one validated settings builder) and {@code IngestSettings}, {@code IngestStamp},
 * {@code EmbedMissing}, {@code IndexWatch} (the in-process watch) and the report.
 *
 * <p>Read {@link dev.weft.pipelines.ingest.Ingester} first, then {@link dev.weft.pipelines.ingest.IngestRequest}.
 *
 * <p>May import: every module below {@code api} — {@code context}, {@code models}, {@code lucene-index},
 * {@code transforms} — with Jackson and Lucene's index layer through {@code dev.weft.index}, and
 * {@code pipelines.ingest.beam} where a run hands its change set to Beam ({@code DirectoryPass}, {@code DatasetPass})
 * or checks its Beam arguments ({@code IngestSettings}). Must not import Beam ({@code LayeringTest}: Beam lives in
 * {@code ..beam..} packages only), {@code api}, {@code bench} or {@code jobs}.
 */
package dev.weft.pipelines.ingest;
