package dev.weft.pipelines.ingest;

import dev.weft.context.DeadLetter;
import dev.weft.context.FileState;
import dev.weft.context.IndexLocation;
import dev.weft.context.generation.CorpusSource;
import dev.weft.index.IndexUpdate;
import dev.weft.index.VectorLookup;
import dev.weft.pipelines.Runner;
import dev.weft.pipelines.ingest.beam.BeamExecutor;
import dev.weft.transforms.dataset.DatasetChangeSet;
import dev.weft.transforms.dataset.DatasetFormat;
import dev.weft.transforms.dataset.DatasetPlanner;
import dev.weft.transforms.dataset.DatasetRecords;
import dev.weft.transforms.dataset.RecordChunker;
import dev.weft.transforms.ingest.FileOutcome;
import dev.weft.transforms.vectors.ChunkEmbedder;
import dev.weft.transforms.vectors.CircuitBreaker;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A dataset of records in the one run, incrementally: a record is re-chunked when its content hash or the chunker
 * changed, records that vanished from the dataset are removed.
 *
 * <p>The driver streams the file once to plan ({@link DatasetPlanner}: which record positions to chunk, which ids
 * to remove, which records are dead letters), then the chosen executor streams it again and chunks only the
 * selected positions ({@code RecordSelection}): in-process on this thread, or on Beam, where the pipeline reads the
 * file itself ({@code DatasetIngestPipeline}). Reading is cheap next to chunking and embedding, and this way no
 * record text is ever held by the driver or shipped through it: driver memory grows with the number of ids (the
 * planner's set of ids, one bit per record position), not with the bytes of the dataset.
 */
final class DatasetPass implements SourcePass {
  private final DatasetSource source;
  private final IngestSettings settings;
  private final Path dataset;
  private final IndexLocation index;

  DatasetPass(DatasetSource source, IngestSettings settings, IndexLocation index) {
    this.source = source;
    this.settings = settings;
    this.dataset = source.dataset().toAbsolutePath().normalize();
    this.index = index;
    if (!Files.isRegularFile(dataset)) {
      throw new IllegalArgumentException("dataset must be an existing file, got: " + source.dataset());
    }
    DatasetRecords.check(dataset, source.fields()); // a wrong format, schema or field is refused before the index is opened
  }

  @Override
  public CorpusSource corpusSource() {
    return CorpusSource.dataset(dataset.toString(), DatasetFormat.of(dataset).name().toLowerCase(Locale.ROOT),
        source.fields().roles());
  }

  @Override
  public boolean rechunksEverything() {
    // --force re-chunks every record of the dataset, and records not in it are removed: no old vector stays
    return settings.force();
  }

  @Override
  public Plan plan(IndexUpdate update) {
    Map<String, FileState> indexed = update.baseFileStates();
    DatasetChangeSet changes = new DatasetPlanner(IngestStamp.CURRENT, source.fields()).plan(dataset, indexed, settings.force());
    return new DatasetPlan(indexed, changes);
  }

  private final class DatasetPlan implements Plan {
    private final Map<String, FileState> indexed;
    private final DatasetChangeSet changes;

    DatasetPlan(Map<String, FileState> indexed, DatasetChangeSet changes) {
      this.indexed = indexed;
      this.changes = changes;
    }

    @Override
    public boolean isNoOp() {
      return changes.isNoOp();
    }

    @Override
    public long unchanged() {
      return changes.unchanged();
    }

    @Override
    public List<DeadLetter> deadLetters() {
      return changes.deadLetters();
    }

    @Override
    public int toChunk() {
      return changes.toChunk();
    }

    @Override
    public String progressLabel(Runner executor) {
      return Ingester.executorName(executor) + " (dataset)";
    }

    @Override
    public ChunkRun execute(Runner executor, IndexUpdate update, ParquetExport export) {
      changes.removed().forEach(update::delete);
      RecordChunker chunker = RecordChunker.as(source.kind(), source.format(), IngestStamp.CURRENT);
      return executor == Runner.INPROCESS
          ? inProcess(chunker, update, export)
          : new BeamExecutor(executor, settings.beamArgs()).runDataset(settings, index, dataset, changes, chunker,
              update);
    }

    @Override
    public ItemCounts beforeCommit(ChunkRun run, IndexUpdate update) {
      // positions would no longer name the same records: fail, publishing nothing
      changes.requireUnchanged(dataset);
      long refusedNew = run.deadLetters().stream().filter(letter -> !indexed.containsKey(letter.path())).count();
      long refusedOld = run.deadLetters().size() - refusedNew;
      return new ItemCounts(changes.added() - refusedNew, changes.replaced().size() - refusedOld,
          changes.removed().size());
    }

    /**
     * The in-process executor for datasets: the selected records stream through this thread into an
     * {@link EmbeddingWriter}, which batches them for the embedder; a record its chunker refuses loses its old
     * chunks. Chunked ids are not listed in the result: the driver counts from the change set.
     */
    private ChunkRun inProcess(RecordChunker chunker, IndexUpdate update, ParquetExport export) {
      EmbedCounts embed = new EmbedCounts();
      AtomicLong chunks = new AtomicLong();
      AtomicLong empty = new AtomicLong();
      List<DeadLetter> refused = new ArrayList<>();
      IngestProgress progress = settings.progress();
      try (VectorLookup lookup = update.vectorLookup()) {
        ChunkEmbedder embedder = settings.embedder() == null ? null
            : new ChunkEmbedder(settings.embedder().create(), lookup::vectorsFor, settings.embedBatchSize(),
                new CircuitBreaker(settings.embedder().breakerThreshold()));
        EmbeddingWriter writer = new EmbeddingWriter(update, embedder, settings.embedBatchSize(), embed,
            indexed::containsKey, chunked -> {
              chunks.addAndGet(chunked.chunks().size());
              empty.addAndGet(chunked.chunks().isEmpty() ? 1 : 0);
              progress.fileDone(chunked.chunks().size());
            }, export);
        try {
          changes.selection().read(dataset, record -> {
            FileOutcome outcome = chunker.chunk(record);
            if (outcome instanceof FileOutcome.Chunked chunked) {
              writer.accept(chunked);
              return;
            }
            refused.add(((FileOutcome.Refused) outcome).deadLetter());
            if (indexed.containsKey(record.id())) {
              update.delete(record.id()); // its old chunks no longer describe the record
            }
            progress.fileDone(0);
          });
        } finally {
          writer.close();
        }
      }
      return new ChunkRun(Set.of(), chunks.get(), empty.get(), refused, embed);
    }
  }
}
