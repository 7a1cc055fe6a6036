package dev.weft.pipelines.ingest.beam;

import dev.weft.context.embed.EmbedderSpec;
import dev.weft.transforms.beam.ChunkDatasetRecords;
import dev.weft.transforms.beam.ReadDatasetRecords;
import dev.weft.transforms.dataset.RecordChunker;
import dev.weft.transforms.dataset.RecordSelection;
import org.apache.beam.sdk.Pipeline;
import org.apache.beam.sdk.values.PCollectionTuple;

/**
 * The Beam pipeline of a dataset ingest: {@code ReadDatasetRecords} (the selected records of the file named by
 * {@code --root}) → {@code ChunkDatasetRecords} → then exactly what directory ingest does after chunking
 * ({@link IngestPipeline#writeOutputs}: {@code EmbedChunks}, {@code WriteIndexShards}, {@code WriteChunksParquet},
 * dead letters). Like {@link IngestPipeline} it only stages; the driver merges and publishes.
 */
final class DatasetIngestPipeline {
  private DatasetIngestPipeline() {}

  /**
   * Runs the pipeline over the records {@code selection} picks and waits for it to finish.
   *
   * @param options {@code --root} is the dataset file
   * @param embedder the embedder, or null for no vectors
   */
  static BeamIngestOutput run(IngestOptions options, RecordSelection selection, RecordChunker chunker,
      EmbedderSpec embedder) {
    Pipeline pipeline = buildPipeline(options, selection, chunker, embedder);
    return IngestPipeline.execute(pipeline, options, selection.size() + " records of " + options.getRoot());
  }

  /** Wires the pipeline without running it. */
  static Pipeline buildPipeline(IngestOptions options, RecordSelection selection, RecordChunker chunker,
      EmbedderSpec embedder) {
    String dataset = IngestPipeline.root(options).toString();
    ReadDatasetRecords read = ReadDatasetRecords.from(dataset, selection);
    ChunkDatasetRecords chunk = ChunkDatasetRecords.with(chunker);
    Pipeline pipeline = Pipeline.create(options);
    PCollectionTuple outcomes = pipeline
        .apply("ReadDatasetRecords", read)
        .apply("ChunkDatasetRecords", chunk);
    IngestPipeline.writeOutputs(outcomes, options, embedder);
    return pipeline;
  }
}
