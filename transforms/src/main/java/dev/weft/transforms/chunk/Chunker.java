package dev.weft.transforms.chunk;

import dev.weft.context.Chunk;
import dev.weft.context.SourceDocument;
import java.io.Serializable;
import java.util.List;

/**
 * Cuts a source document into chunks. Every implementation keeps the same contract, which the index, the
 * content-hash gate on {@code get(path, lines)} and both executors rely on:
 *
 * <ul>
 *   <li>chunks are sorted by {@code startLine}, never overlap, and {@code id = ChunkIds.of(path, ordinal)} with
 *       the ordinal being the index in that list;
 *   <li>{@code text} is exactly lines {@code startLine..endLine} of the document (as {@link String#lines()}
 *       splits it) joined by {@code \n};
 *   <li>no chunk is blank, and a blank document yields no chunks;
 *   <li>kind, format and content hash are copied from the document;
 *   <li>it never throws on any text: a parser failure falls back to paragraph packing.
 * </ul>
 *
 * Implementations are thread-safe, so one instance may serve every worker thread.
 */
public interface Chunker extends Serializable {
  List<Chunk> chunk(SourceDocument doc);
}
