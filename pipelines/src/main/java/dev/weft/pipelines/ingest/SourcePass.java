package dev.weft.pipelines.ingest;

import dev.weft.context.DeadLetter;
import dev.weft.context.generation.CorpusSource;
import dev.weft.index.IndexUpdate;
import dev.weft.pipelines.Runner;
import java.util.List;

/**
 * The part of a run that depends on what is ingested, for {@link Ingester}'s one skeleton: a source checks itself
 * before the index is opened (a missing or unreadable input leaves no trace), then plans against the update's base
 * generation; its {@link Plan} executes the change set and says what it added, updated and removed.
 */
public interface SourcePass {
  /**
   * Where the items come from, recorded in the manifest so {@code get} reads them back from the right place; its
   * location (the absolute directory or dataset file) is also the manifest's corpus root.
   */
  CorpusSource corpusSource();

  /** Whether the run re-chunks (so re-embeds) every item: it may then rebuild a damaged index or switch models. */
  boolean rechunksEverything();

  /**
   * Called each time the run takes the write lock, before the update opens its base generation: a pass may start
   * here what must not begin before the lock but can overlap that opening. {@link #plan} follows on the same thread.
   */
  default void locked() {}

  /** Plans under the write lock, against the generation {@code update} builds on. */
  Plan plan(IndexUpdate update);

  /** A planned change set. */
  interface Plan {
    /** Nothing to chunk, remove or report: nothing is published. */
    boolean isNoOp();

    long unchanged();

    /** Items refused while planning (listing, invalid records), beside those the executor refuses. */
    List<DeadLetter> deadLetters();

    /** How many items the executor chunks: what {@code --runner=auto} chooses by. */
    int toChunk();

    /** The executor's name in progress output. */
    String progressLabel(Runner executor);

    /** Applies removals, then chunks and writes the change set on {@code executor}, into the uncommitted update. */
    ChunkRun execute(Runner executor, IndexUpdate update, ParquetExport export);

    /** What must hold or be recorded before the commit; returns the items added, updated and removed. */
    ItemCounts beforeCommit(ChunkRun run, IndexUpdate update);
  }

  /** Items a run added, updated and removed, for the counters. */
  record ItemCounts(long added, long updated, long removed) {}
}
