/**
 * The Beam shell of the ingest core: thin {@code PTransform}s that wire its plain functions into pipelines ({@code
 * ReadAndChunkFiles}, {@code ReadDatasetRecords}, {@code ChunkDatasetRecords}, {@code EmbedChunks},
 * {@code WriteIndexShards}, {@code WriteChunksParquet}, {@code ReadIndexChunks}, a program's {@code MapWithModel} and
 * {@code CapSubcalls}), the coders that carry Weft's records between steps without Java serialization, and the Beam
 * FileSystem helpers ({@code StagedShards}, {@code ResultStore}, {@code ResourcePaths}). The work itself is never here:
 * each transform calls the same code the in-process executor calls.
 *
 * <p>Read {@link dev.weft.transforms.beam.ReadAndChunkFiles} first: it shows the pattern every transform follows (plain
 * unit from the core, main output plus dead letters as a {@code PCollectionTuple}).
 *
 * <p>May import: Beam, Avro, Parquet, Jackson, every package of {@code transforms}, {@code dev.weft.context} and its
 * packages, and {@code dev.weft.index} (the shard writer and the chunk scan): this is the only package of
 * {@code transforms} allowed Beam or Lucene (docs/design.md, {@code LayeringTest}). Must not import {@code pipelines},
 * {@code api} or {@code jobs}. Changing a coder's layout changes what a running pipeline can read.
 */
package dev.weft.transforms.beam;
