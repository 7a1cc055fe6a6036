package dev.weft.transforms.beam;

import dev.weft.context.DeadLetter;
import dev.weft.context.Kind;
import dev.weft.transforms.dataset.DatasetRecord;
import dev.weft.transforms.dataset.RecordChunker;
import dev.weft.transforms.ingest.FileOutcome;
import org.apache.beam.sdk.transforms.PTransform;
import org.apache.beam.sdk.values.PCollection;
import org.apache.beam.sdk.values.PCollectionTuple;

/**
 * Chunks dataset records as items of one kind: {@link FileOutcome.Chunked} out under
 * {@link ReadAndChunkFiles#CHUNKED}, a record its chunker refused as a {@link DeadLetter} under
 * {@link ReadAndChunkFiles#DEAD_LETTERS}, with {@link ReadAndChunkFiles}'s counters. The work is
 * {@link RecordChunker#chunk}, the call the in-process dataset path makes, so both executors chunk alike and
 * everything downstream ({@code EmbedChunks}, {@code WriteIndexShards}) is shared with directory ingest.
 *
 * <pre>{@code
 * PCollectionTuple out = records.apply("ChunkDatasetRecords", ChunkDatasetRecords.as(Kind.DOC, "text"));
 * }</pre>
 */
public final class ChunkDatasetRecords extends PTransform<PCollection<DatasetRecord>, PCollectionTuple> {
  private final RecordChunker chunker;

  private ChunkDatasetRecords(RecordChunker chunker) {
    this.chunker = chunker;
  }

  /** Records as items of {@code kind}, their text chunked as {@code format}. */
  public static ChunkDatasetRecords as(Kind kind, String format) {
    return new ChunkDatasetRecords(RecordChunker.as(kind, format));
  }

  public RecordChunker chunker() {
    return chunker;
  }

  @Override
  public PCollectionTuple expand(PCollection<DatasetRecord> records) {
    RecordChunker work = chunker;
    return ReadAndChunkFiles.chunkEach(records, "ChunkRecord", work::chunk);
  }
}
