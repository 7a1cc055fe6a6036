package dev.weft.context.memory;

import java.util.Optional;

/**
 * What {@link Memory#remember} did.
 *
 * @param record the record as stored
 * @param created true when the id was new in its scope, false when it replaced a record
 * @param pruned episodes older than the window removed by this write
 * @param embedFailure why the text was stored without a vector (the embedder failed), empty when it has one or
 *     no embedder is configured
 */
public record Remembered(MemoryRecord record, boolean created, int pruned, Optional<String> embedFailure) {}
