package dev.weft.pipelines.ingest;

import dev.weft.context.ContentHash;
import dev.weft.context.DeadLetter;
import dev.weft.context.FileState;
import dev.weft.context.SourceDocument;
import dev.weft.index.CorpusIndex;
import dev.weft.index.GenerationManifest;
import dev.weft.index.IndexUpdate;
import dev.weft.index.UpdateOptions;
import dev.weft.index.VectorLookup;
import dev.weft.transforms.chunk.Chunkers;
import dev.weft.transforms.dataset.DatasetRecord;
import dev.weft.transforms.dataset.DatasetRecords;
import dev.weft.transforms.dataset.RecordOutcome;
import dev.weft.transforms.ingest.FileOutcome;
import dev.weft.transforms.ingest.FileProcessor;
import dev.weft.transforms.vectors.ChunkEmbedder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Ingests a dataset of records (id, title, text; JSONL, Parquet or Avro) as items of one kind, incrementally:
 * a record is re-chunked when its content hash or the chunker changed, records that vanished from the dataset
 * are removed, and nothing is published when nothing changed. Records have no mtime, so the content hash alone decides.
 * Runs in-process: the records stream through once, so a dataset far larger than memory is fine.
 */
public final class DatasetIngester {
  public IngestReport run(DatasetIngestRequest request) {
    long start = System.nanoTime();
    Path dataset = request.dataset().toAbsolutePath().normalize();
    if (!Files.isRegularFile(dataset)) {
      throw new IllegalArgumentException("dataset must be an existing file, got: " + request.dataset());
    }
    // before the index is opened: a wrong format or schema leaves no trace
    DatasetRecords.check(dataset);
    Path indexDir = request.indexDir().toAbsolutePath().normalize();
    try (CorpusIndex index = CorpusIndex.open(indexDir)) {
      Map<String, FileState> indexed = index.fileStates();
      UpdateOptions options = new UpdateOptions(dataset.toString(), request.keepGenerations(), Chunkers.STAMP);
      try (IndexUpdate update = index.beginUpdate(options); VectorLookup lookup = index.vectorLookup()) {
        ChunkEmbedder embedder = request.embedder() == null ? null
            : new ChunkEmbedder(request.embedder().create(), lookup::vectorsFor, request.embedBatchSize());
        Pass pass = new Pass(request, indexed, update, embedder);
        request.progress().started(-1, "in-process (dataset)");
        try {
          DatasetRecords.read(dataset, pass::accept);
        } finally {
          pass.writer.close();
        }
        List<String> removed = new ArrayList<>();
        for (String path : indexed.keySet()) {
          if (!pass.seen.contains(path)) {
            removed.add(path);
          }
        }
        removed.forEach(update::delete);
        Map<String, Long> counters = RunCounters.of(pass.added, pass.updated, removed.size(), pass.unchanged,
            pass.empty, pass.chunks, pass.embed, pass.deadLetters);
        if (pass.added + pass.updated + removed.size() == 0 && pass.deadLetters.isEmpty()) {
          request.progress().finished();
          GenerationManifest current = index.current().orElse(null);
          return new IngestReport(-1, "none", counters, current == null ? 0 : current.files(),
              current == null ? 0 : current.chunks(), null, millisSince(start));
        }
        update.commit();
        GenerationManifest published = update.publish(counters);
        Path deadLetterFile = DeadLetterLog.write(indexDir, "gen-" + published.generation(), pass.deadLetters);
        request.progress().finished();
        return new IngestReport(published.generation(), "in-process", counters, published.files(),
            published.chunks(), deadLetterFile, millisSince(start));
      }
    }
  }

  /** The state of one pass over the records. */
  private static final class Pass {
    private final DatasetIngestRequest request;
    private final Map<String, FileState> indexed;
    private final IndexUpdate update;
    private final Set<String> seen = new HashSet<>();
    private final EmbedCounts embed = new EmbedCounts();
    private final EmbeddingWriter writer;
    private final List<DeadLetter> deadLetters = new ArrayList<>();
    private long added;
    private long updated;
    private long unchanged;
    private long empty;
    private long chunks;

    Pass(DatasetIngestRequest request, Map<String, FileState> indexed, IndexUpdate update,
        ChunkEmbedder embedder) {
      this.request = request;
      this.indexed = indexed;
      this.update = update;
      this.writer = new EmbeddingWriter(update, embedder, request.embedBatchSize(), embed, indexed::containsKey,
          this::written, null);
    }

    private void written(FileOutcome.Chunked chunked) {
      if (indexed.containsKey(chunked.path())) {
        updated++;
      } else {
        added++;
      }
      chunks += chunked.chunks().size();
      empty += chunked.chunks().isEmpty() ? 1 : 0;
      request.progress().fileDone(chunked.chunks().size());
    }

    void accept(RecordOutcome outcome) {
      if (outcome instanceof RecordOutcome.Invalid invalid) {
        deadLetters.add(invalid.deadLetter());
        request.progress().fileDone(0);
        return;
      }
      DatasetRecord record = ((RecordOutcome.Valid) outcome).record();
      if (!seen.add(record.id())) {
        deadLetters.add(new DeadLetter(record.id(), "read", "invalid_record",
            "record ids must be unique in a dataset, got a second record with id: " + record.id()));
        request.progress().fileDone(0);
        return;
      }
      byte[] bytes = record.body().getBytes(StandardCharsets.UTF_8);
      String hash = ContentHash.of(bytes);
      FileState previous = indexed.get(record.id());
      if (previous != null && !request.force() && previous.contentHash().equals(hash)
          && Chunkers.STAMP.equals(previous.chunkerStamp())) {
        unchanged++;
        request.progress().fileDone(0);
        return;
      }
      SourceDocument doc = new SourceDocument(record.id(), request.kind(), request.format(), record.body(), hash, 0,
          bytes.length);
      FileOutcome result = FileProcessor.chunk(doc);
      if (result instanceof FileOutcome.Refused refused) {
        deadLetters.add(refused.deadLetter());
        if (previous != null) {
          update.delete(record.id());
        }
        request.progress().fileDone(0);
        return;
      }
      writer.accept((FileOutcome.Chunked) result);
    }
  }

  private static long millisSince(long startNanos) {
    return (System.nanoTime() - startNanos) / 1_000_000;
  }
}
