package dev.weft.context.impact;

import dev.weft.context.Chunk;
import java.util.List;

/**
 * The code chunks of one index generation that a symbol's impact is computed from; implemented over the index
 * (term lookups, no scan) and, in tests, over a list.
 */
public interface SymbolChunks {
  /** Code chunks whose symbol is exactly {@code name} (case-sensitive), in path then line order. */
  List<Chunk> defining(String name);

  /**
   * Code chunks whose text may name {@code name} as an identifier: a superset the caller narrows by reading the
   * text (the index matches identifiers case-insensitively and folds plurals), in path then line order.
   */
  List<Chunk> mentioning(String name);

  /** True when some code chunk's symbol is exactly {@code name}; a lookup that need not read the chunks. */
  default boolean defines(String name) {
    return !defining(name).isEmpty();
  }
}
