package dev.weft.transforms.dataset;

import dev.weft.context.DeadLetter;
import dev.weft.context.FileState;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * Decides what a pass over a dataset must do, streaming the file once: a record is chunked when the index lacks
 * its id, when its content hash or the chunker stamp changed, or under {@code force}; ids the index holds that the
 * dataset lacks are removed; invalid records and every repeat of an id are dead letters. Records have no mtime, so
 * the content hash alone decides. Memory grows with the number of ids (to spot repeats and vanished ids), never
 * with the text: records are dropped as soon as they are judged.
 */
public final class DatasetPlanner {
  private final String chunkerStamp;
  private final FieldMapping mapping;

  public DatasetPlanner(String chunkerStamp) {
    this(chunkerStamp, FieldMapping.beir());
  }

  /** @param mapping which fields are the id, title, text and metadata; the selection carries it to the executor */
  public DatasetPlanner(String chunkerStamp, FieldMapping mapping) {
    this.chunkerStamp = Objects.requireNonNull(chunkerStamp, "chunkerStamp");
    this.mapping = Objects.requireNonNull(mapping, "mapping");
  }

  /**
   * @param indexed the file states of the served generation, by path (record id)
   * @param force chunk every valid record even when unchanged
   */
  public DatasetChangeSet plan(Path dataset, Map<String, FileState> indexed, boolean force) {
    DatasetChangeSet.FileStamp stamp = DatasetChangeSet.FileStamp.of(dataset);
    Tally tally = new Tally(indexed, force);
    DatasetRecords.read(dataset, mapping, tally::accept);
    List<String> removed = new ArrayList<>();
    for (String id : indexed.keySet()) {
      if (!tally.seen.contains(id)) {
        removed.add(id);
      }
    }
    return new DatasetChangeSet(tally.selection.build(), tally.added, tally.replaced, removed, tally.unchanged,
        tally.deadLetters, stamp);
  }

  /** The state of the one pass. */
  private final class Tally {
    private final Map<String, FileState> indexed;
    private final boolean force;
    private final RecordSelection.Builder selection = new RecordSelection.Builder(mapping);
    private final Set<String> seen = new HashSet<>();
    private final List<String> replaced = new ArrayList<>();
    private final List<DeadLetter> deadLetters = new ArrayList<>();
    private long added;
    private long unchanged;

    Tally(Map<String, FileState> indexed, boolean force) {
      this.indexed = indexed;
      this.force = force;
    }

    void accept(RecordOutcome outcome) {
      if (outcome instanceof RecordOutcome.Invalid invalid) {
        deadLetters.add(invalid.deadLetter());
        selection.skip();
        return;
      }
      DatasetRecord record = ((RecordOutcome.Valid) outcome).record();
      if (!seen.add(record.id())) {
        deadLetters.add(new DeadLetter(record.id(), RecordRules.STAGE, RecordRules.REASON,
            "record ids must be unique in a dataset, got a second record with id: " + record.id()));
        selection.skip();
        return;
      }
      FileState previous = indexed.get(record.id());
      if (previous != null && !force && previous.contentHash().equals(RecordChunker.hashOf(record))
          && RecordChunker.stampOf(chunkerStamp, record).equals(previous.chunkerStamp())) {
        unchanged++;
        selection.skip();
        return;
      }
      selection.select();
      if (previous == null) {
        added++;
      } else {
        replaced.add(record.id());
      }
    }
  }
}
