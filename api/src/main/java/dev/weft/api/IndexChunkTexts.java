package dev.weft.api;

import dev.weft.context.ledger.ChunkTexts;
import java.util.Optional;

/**
 * The ledger's {@link ChunkTexts} over a Weft's corpus index: a chunk id reads the indexed chunk of the served
 * generation; a path and lines read exactly that chunk through {@link Weft#get(String, Lines)}, which refuses a
 * file that changed since it was indexed (a quote is then checked against nothing stale).
 */
final class IndexChunkTexts implements ChunkTexts {
  private final Weft weft;

  IndexChunkTexts(Weft weft) {
    this.weft = weft;
  }

  @Override
  public Optional<String> chunk(String chunkId) {
    return weft.chunkText(chunkId);
  }

  @Override
  public Optional<String> lines(String path, int firstLine, int lastLine) {
    return weft.get(path, new Lines(firstLine, lastLine));
  }
}
