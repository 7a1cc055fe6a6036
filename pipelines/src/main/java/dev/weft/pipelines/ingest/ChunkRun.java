package dev.weft.pipelines.ingest;

import dev.weft.context.DeadLetter;
import java.util.List;
import java.util.Set;

/**
 * What an executor did with a change set.
 *
 * @param chunkedPaths paths whose chunks were written (directory runs; a dataset run counts from its change set
 *     and leaves this empty)
 * @param chunks chunks written
 * @param emptyFiles files that produced no chunk (blank)
 * @param deadLetters refused files
 * @param embed what embedding did (all zero without an embedder)
 */
public record ChunkRun(Set<String> chunkedPaths, long chunks, long emptyFiles, List<DeadLetter> deadLetters,
    EmbedCounts embed) {}
