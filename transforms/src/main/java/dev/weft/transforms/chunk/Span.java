package dev.weft.transforms.chunk;

/** A chunk before it has a body and an id: what it is and which lines (0-based, inclusive) it covers. */
record Span(String nodeType, String symbol, int startLine, int endLine) {}
