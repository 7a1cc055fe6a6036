package dev.weft.pipelines.ingest;

import dev.weft.context.IndexLocation;
import dev.weft.context.ScratchDirs;
import dev.weft.context.error.IndexDamagedException;
import dev.weft.context.error.StorageFailureException;
import dev.weft.index.CorpusIndex;
import dev.weft.index.IndexUpdate;
import dev.weft.index.UpdateOptions;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/** How a writing run starts on an index: taking the update, and clearing what killed runs left behind. */
public final class IndexRuns {
  /** Beam runs stage their shards in {@code INDEX/staging/run-*} while they hold the write lock. */
  public static final String STAGING = "staging";

  private IndexRuns() {}

  /**
   * Begins the run's update. A run that re-chunks the whole corpus anyway ({@code --force} without
   * {@code --paths}) rebuilds when the served generation cannot be opened, and says so in the update's notes.
   * {@code whileLocked} runs each time the write lock is taken (CorpusIndex#beginUpdate(UpdateOptions, Runnable)).
   */
  static IndexUpdate begin(CorpusIndex index, UpdateOptions options, boolean rechunksEverything,
      Runnable whileLocked) {
    try {
      return index.beginUpdate(options, whileLocked);
    } catch (IndexDamagedException damaged) {
      if (!rechunksEverything || options.rebuild()) {
        throw damaged;
      }
      IndexUpdate update = index.beginUpdate(options.withRebuild(true), whileLocked);
      return update.withNote("rebuilt as a fresh generation line, because the served generation cannot be opened: "
          + damaged.getMessage());
    }
  }

  /**
   * Deletes the staging directories of Beam runs that were killed: only a run holding the write lock stages, and
   * the caller holds it now, so none of them is in use.
   */
  static void removeAbandonedStaging(IndexLocation index) {
    Path staging = index.resolve(STAGING);
    if (!Files.isDirectory(staging)) {
      return;
    }
    List<Path> runs;
    try (Stream<Path> entries = Files.list(staging)) {
      // run-*: shards staged here; download-*: local copies of shards staged elsewhere (--staging)
      runs = entries.filter(p -> p.getFileName().toString().startsWith("run-")
          || p.getFileName().toString().startsWith("download-")).toList();
    } catch (IOException e) {
      throw new StorageFailureException(staging, "cannot list " + staging + ": " + e
          + "; check the disk (permissions), then rerun", e);
    }
    for (Path run : runs) {
      try {
        ScratchDirs.delete(run);
      } catch (IOException e) {
        throw new StorageFailureException(run, "cannot remove the staging directory " + run + " of a killed Beam "
            + "run: " + e + "; delete it by hand (no run is using it), then rerun", e);
      }
    }
  }
}
