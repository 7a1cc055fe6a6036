package dev.weft.context.graph;

/**
 * A file's git activity as a {@link GitActivity} reports it: grounding for a reader, never a ranking signal.
 *
 * @param commits commits that touched the file
 * @param lastCommitTime ISO-8601 time of the newest of them
 * @param lastAuthor its author
 */
public record FileGit(long commits, String lastCommitTime, String lastAuthor) {}
