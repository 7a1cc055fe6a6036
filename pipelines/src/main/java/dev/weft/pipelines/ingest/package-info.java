/**
 * Ingest runs, from a request to a published generation. {@link dev.weft.pipelines.ingest.Ingester} is one run skeleton
 * (open the index, guard the embedder, plan against the served generation, execute, commit, publish, write the dead
 * letters) over a {@code SourcePass}: a directory tree ({@code DirectoryPass}) or a dataset ({@code DatasetPass}). The
 * change set runs on one of two executors with the same documents either way: threads in this JVM ({@code
 * InProcessExecutor}) or a Beam pipeline on the DirectRunner or the FlinkRunner ({@code BeamExecutor},
 * {@code IngestPipeline}, shards staged on a Beam FileSystem and merged by the driver). Also here:
 * {@code IngestRequest} (the one validated settings builder), {@code IngestStamp}, {@code EmbedMissing},
 * {@code IndexWatch} and the streaming pipeline.
 *
 * <p>Read {@link dev.weft.pipelines.ingest.Ingester} first, then {@link dev.weft.pipelines.ingest.IngestRequest}.
 *
 * <p>May import: every module below {@code api} — {@code context}, {@code models}, {@code lucene-index},
 * {@code transforms} (the core and {@code transforms.beam}) — with Beam, Jackson and Lucene's index layer through
 * {@code dev.weft.index}. Must not import {@code api}, {@code bench} or {@code jobs} ({@code LayeringTest}). Beam is
 * confined to the pipeline, options, staging, coder and streaming classes; the run skeleton, the passes and the
 * in-process executor do not use it, and new code keeps it that way.
 */
package dev.weft.pipelines.ingest;
