package dev.weft.pipelines.ingest;

import dev.weft.context.DeadLetter;
import dev.weft.context.FileState;
import dev.weft.index.CorpusIndex;
import dev.weft.index.GenerationManifest;
import dev.weft.index.IndexUpdate;
import dev.weft.index.UpdateOptions;
import dev.weft.index.VectorLookup;
import dev.weft.transforms.dataset.DatasetChangeSet;
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
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Ingests a dataset of records (id, title, text; JSONL, Parquet or Avro) as items of one kind, incrementally:
 * a record is re-chunked when its content hash or the chunker changed, records that vanished from the dataset
 * are removed, and nothing is published when nothing changed.
 *
 * <p>The driver streams the file once to plan ({@link DatasetPlanner}: which record positions to chunk, which ids
 * to remove, which records are dead letters), then the chosen executor streams it again and chunks only the
 * selected positions ({@code RecordSelection}): in-process on this thread, or on Beam, where the pipeline reads the
 * file itself ({@link DatasetIngestPipeline}). Reading is cheap next to chunking and embedding, and this way no
 * record text is ever held by the driver or shipped through it: driver memory grows with the number of ids (the
 * planner's set of ids, one bit per record position), not with the bytes of the dataset. Both executors then merge
 * the same way, so counters, dead letters and documents are the same whichever ran.
 */
public final class DatasetIngester {
  public IngestReport run(DatasetIngestRequest request) {
    return run(request, WriteAccess.DEFAULT);
  }

  /** Plans and writes under the write lock, against the generation the update builds on (as {@link Ingester}). */
  public IngestReport run(DatasetIngestRequest request, WriteAccess access) {
    long start = System.nanoTime();
    Path dataset = request.dataset().toAbsolutePath().normalize();
    if (!Files.isRegularFile(dataset)) {
      throw new IllegalArgumentException("dataset must be an existing file, got: " + request.dataset());
    }
    // before the index is opened: a wrong format or schema leaves no trace
    DatasetRecords.check(dataset);
    Path indexDir = request.indexDir().toAbsolutePath().normalize();
    UpdateOptions options = new UpdateOptions(dataset.toString(), request.keepGenerations(), IngestStamp.CURRENT,
        RequestedEmbedders.of(request.embedder()), access.lockWait(), access.rebuild());
    try (CorpusIndex index = CorpusIndex.open(indexDir);
        IndexUpdate update = IndexRuns.begin(index, options, request.force())) {
      IndexRuns.removeAbandonedStaging(indexDir);
      // --force re-chunks every record of the dataset, and records not in it are removed: no old vector stays
      EmbedderGuard.requireCompatible(index, request.embedder() == null ? null : request.embedder().identity(),
          request.force() || update.options().rebuild());
      Map<String, FileState> indexed = update.baseFileStates();
      DatasetChangeSet changes = new DatasetPlanner(IngestStamp.CURRENT).plan(dataset, indexed, request.force());
      if (changes.isNoOp()) {
        request.progress().finished();
        Map<String, Long> counters = RunCounters.of(0, 0, 0, changes.unchanged(), 0, 0, List.of());
        GenerationManifest current = update.baseGeneration().orElse(null);
        return new IngestReport(-1, "none", counters, current == null ? 0 : current.files(),
            current == null ? 0 : current.chunks(), null, millisSince(start)).withNotes(update.notes());
      }
      RunnerChoice executor = request.executorFor(changes.toChunk());
      request.progress().started(changes.toChunk(), Ingester.executorName(executor) + " (dataset)");
      RecordChunker chunker = RecordChunker.as(request.kind(), request.format(), IngestStamp.CURRENT);
      try (ParquetExport export = request.exportParquet() == null || executor != RunnerChoice.IN_PROCESS ? null
              : ParquetExport.open(request.exportParquet())) {
        changes.removed().forEach(update::delete);
        ChunkRun run = executor == RunnerChoice.IN_PROCESS
            ? inProcess(request, dataset, changes, chunker, update, indexed, export)
            : new BeamExecutor(executor, request.beamArgs()).runDataset(request, dataset, changes, chunker, update);
        changes.requireUnchanged(dataset);
        update.commit();
        long refusedNew = run.deadLetters().stream().filter(letter -> !indexed.containsKey(letter.path())).count();
        long refusedOld = run.deadLetters().size() - refusedNew;
        List<DeadLetter> deadLetters = new ArrayList<>(changes.deadLetters());
        deadLetters.addAll(run.deadLetters());
        Map<String, Long> counters = RunCounters.of(changes.added() - refusedNew,
            changes.replaced().size() - refusedOld, changes.removed().size(), changes.unchanged(), run.emptyFiles(),
            run.chunks(), run.embed(), deadLetters);
        GenerationManifest published = update.publish(counters);
        if (export != null) {
          export.commit(); // after the publish: a dataset never describes a generation that was not served
        }
        Path deadLetterFile = DeadLetterLog.write(indexDir, "gen-" + published.generation(),
            DeadLetterLog.concat(deadLetters, run.embed().failures()));
        DeadLetterLog.prune(indexDir, index.keptGenerationNumbers());
        request.progress().finished();
        return new IngestReport(published.generation(), Ingester.executorName(executor), counters,
            published.files(), published.chunks(), deadLetterFile, millisSince(start), run.embed().summaries()).withNotes(update.notes());
      }
    }
  }

  /**
   * The in-process executor for datasets: the selected records stream through this thread into an
   * {@link EmbeddingWriter}, which batches them for the embedder; a record its chunker refuses loses its old
   * chunks. Chunked ids are not listed in the result: the driver counts from the change set.
   */
  private static ChunkRun inProcess(DatasetIngestRequest request, Path dataset, DatasetChangeSet changes,
      RecordChunker chunker, IndexUpdate update, Map<String, FileState> indexed, ParquetExport export) {
    EmbedCounts embed = new EmbedCounts();
    AtomicLong chunks = new AtomicLong();
    AtomicLong empty = new AtomicLong();
    List<DeadLetter> refused = new ArrayList<>();
    try (VectorLookup lookup = update.vectorLookup()) {
      ChunkEmbedder embedder = request.embedder() == null ? null
          : new ChunkEmbedder(request.embedder().create(), lookup::vectorsFor, request.embedBatchSize(),
              new CircuitBreaker(request.embedder().breakerThreshold()));
      EmbeddingWriter writer = new EmbeddingWriter(update, embedder, request.embedBatchSize(), embed,
          indexed::containsKey, chunked -> {
            chunks.addAndGet(chunked.chunks().size());
            empty.addAndGet(chunked.chunks().isEmpty() ? 1 : 0);
            request.progress().fileDone(chunked.chunks().size());
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
          request.progress().fileDone(0);
        });
      } finally {
        writer.close();
      }
    }
    return new ChunkRun(Set.of(), chunks.get(), empty.get(), refused, embed);
  }

  private static long millisSince(long startNanos) {
    return (System.nanoTime() - startNanos) / 1_000_000;
  }
}
