package dev.weft.transforms.beam;

import dev.weft.context.DeadLetter;
import dev.weft.transforms.dataset.DatasetRecord;
import dev.weft.transforms.dataset.RecordChunker;
import dev.weft.transforms.ingest.FileOutcome;
import java.util.Objects;
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
 * PCollectionTuple out = records.apply("ChunkDatasetRecords",
 *     ChunkDatasetRecords.with(RecordChunker.as(Kind.DOC, "text", IngestStamp.CURRENT)));
 * }</pre>
 */
public final class ChunkDatasetRecords extends PTransform<PCollection<DatasetRecord>, PCollectionTuple> {
  private final RecordChunker chunker;

  private ChunkDatasetRecords(RecordChunker chunker) {
    this.chunker = chunker;
  }

  /** Records chunked by {@code chunker} (its kind, format and stamp). */
  public static ChunkDatasetRecords with(RecordChunker chunker) {
    return new ChunkDatasetRecords(Objects.requireNonNull(chunker, "chunker"));
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
