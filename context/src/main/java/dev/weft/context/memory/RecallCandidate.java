package dev.weft.context.memory;

/**
 * A record the recall log singles out: recalled {@code recalls} times within the episode window.
 *
 * @param record the record as it is now
 * @param recalls how many logged recalls returned it
 */
public record RecallCandidate(MemoryRecord record, int recalls) {}
