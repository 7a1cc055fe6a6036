package dev.weft.context;

/** Where a hit sits inside its file; lines are 0-based inclusive. */
public record ChunkPointer(String symbol, String nodeType, int startLine, int endLine) {}
