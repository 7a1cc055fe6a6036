/**
 * Chunking: the {@link dev.weft.transforms.chunk.Formats} registry (one {@code Format} entry per source format: id,
 * kind, extensions, chunker, version; the router, the ingest stamp and the help text derive from it) and one
 * {@code Chunker} per format: tree-sitter for Java, Python, JavaScript, TypeScript and Go (JavaParser for Java that
 * tree-sitter rejects), heading sections for Markdown and reStructuredText, paragraph packing for the rest and as every
 * chunker's fallback. {@code StructuredChunker} is the shared shell, {@code Outline} the shared layout of declarations,
 * {@code OversizeSplitter} the last pass every chunk goes through.
 *
 * <p>Read {@link dev.weft.transforms.chunk.Chunker} first (its contract is what the index, the hash-checked {@code get}
 * and both executors rely on), then {@code Formats}. Adding a chunker is one class, one registry entry and one
 * {@code ChunkerContractTest} subclass (docs/design.md, "Adding a chunker").
 *
 * <p>May import: the JDK, {@code dev.weft.context}, tree-sitter (only through {@code TreeSitterTrees}, which prepares
 * the natives with {@code models.natives}) and JavaParser. Part of the ingest core: must not import Beam, Lucene or
 * {@code dev.weft.index} ({@code LayeringTest}). Chunk lines are 0-based and inclusive; a change in what a chunker
 * emits bumps its format's version, which re-chunks old indexes on their next run.
 */
package dev.weft.transforms.chunk;
