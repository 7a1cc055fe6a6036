package dev.weft.context.env;

/**
 * @param scope only slots whose names start with it ({@code ""} for all)
 * @param maxHits at most this many hits (validated: 1 to a fixed cap)
 * @param window characters of context on each side of a hit (validated: 0 to a fixed cap)
 */
public record GrepOptions(String scope, int maxHits, int window) {}
