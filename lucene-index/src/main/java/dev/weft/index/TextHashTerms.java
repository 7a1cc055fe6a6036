package dev.weft.index;

import dev.weft.context.ChunkTextHash;
import org.apache.lucene.util.BytesRef;

/** The indexed form of a {@link ChunkTextHash}: the 32 raw digest bytes, half the size of the hex in the terms. */
final class TextHashTerms {
  private TextHashTerms() {}

  static BytesRef term(String text) {
    return new BytesRef(ChunkTextHash.digest(text));
  }

  /** The term of a hex hash, or null when the string is not one (it then matches nothing). */
  static BytesRef termOfHex(String hash) {
    byte[] bytes = ChunkTextHash.parseHex(hash);
    return bytes == null ? null : new BytesRef(bytes);
  }
}
