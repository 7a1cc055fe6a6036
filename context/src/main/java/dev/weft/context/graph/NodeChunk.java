package dev.weft.context.graph;

/** One chunk of a node: its symbol (null for a preamble or a paragraph), node type and 0-based inclusive lines. */
public record NodeChunk(String symbol, String nodeType, int startLine, int endLine) {}
