package dev.weft.context.env;

/** One match: which slot, the character offset of the match, and a window around it. */
public record GrepHit(String slot, long offset, String window) {}
