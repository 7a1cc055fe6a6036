package dev.weft.pipelines.ingest;

import java.nio.file.Path;

/**
 * What a run ingests: a directory tree ({@link DirectorySource}) or a dataset file ({@link DatasetSource}). The run
 * itself (open, guard, plan, execute, commit, publish, dead letters) is one for both ({@link Ingester}); a source
 * decides only how items are planned and chunked.
 */
public sealed interface IngestSource permits DirectorySource, DatasetSource {
  /** The directory or file, as given. */
  Path location();
}
