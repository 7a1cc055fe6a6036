/**
 * The Beam side of an ingest run, on the DirectRunner or the FlinkRunner: {@link
 * dev.weft.pipelines.ingest.beam.BeamExecutor} runs a change set as {@code IngestPipeline} (a directory tree) or
 * {@code DatasetIngestPipeline} (a dataset), the workers stage Lucene shards in a {@code StagingArea} (any Beam
 * FileSystem, {@code --staging}; {@code StagingUri} checks it first) and the driver merges this run's shards into the
 * run's one uncommitted update. Also here: the pipeline options ({@code IngestOptions}, {@code StagingOptions}, the
 * location parse {@code LocationUri}, the option parse that names the option {@code OptionArgs}, the registrar of
 * optional filesystem options), the counters, and the streaming ingest ({@code StreamingIngestPipeline},
 * {@code PublishWindows}, {@code WindowPublisher}, {@code WindowPlan} and their coders, {@code WindowExport}), and
 * {@code FlinkSlots}, which sizes a job to the Flink session cluster it is sent to (the program run's too).
 * {@code IngestPipeline}'s {@code main} is the Flink job's entry class (k8s/manifests, docs/operations.md).
 *
 * <p>Read {@link dev.weft.pipelines.ingest.beam.BeamExecutor} first, then {@link
 * dev.weft.pipelines.ingest.beam.IngestPipeline}.
 *
 * <p>May import: Beam, Jackson, the JDK's HTTP client ({@code FlinkSlots}: a JobManager's REST API), {@code
 * transforms.beam} and the rest of {@code transforms}, {@code lucene-index},
 * {@code context}, {@code models} and {@code pipelines.ingest} (the run skeleton a streaming window publishes through,
 * the settings and the passes). Must not import {@code api}, {@code bench} or {@code jobs} ({@code LayeringTest}).
 */
package dev.weft.pipelines.ingest.beam;
