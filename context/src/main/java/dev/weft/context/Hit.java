package dev.weft.context;

/** A recall hit: a pointer, not a body. Bodies come from {@code get}. */
public record Hit(String path, Kind kind, String format, float score, ChunkPointer chunk) {}
