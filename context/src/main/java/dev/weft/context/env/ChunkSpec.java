package dev.weft.context.env;

import java.util.Optional;

/**
 * How to split a slot: {@code line} (size lines a piece), {@code size} (size characters a piece) or {@code
 * separator} (at each occurrence of the separator, pieces of at most size characters).
 */
public record ChunkSpec(Strategy strategy, int size, Optional<String> separator) {
  public enum Strategy {
    LINE,
    SIZE,
    SEPARATOR
  }
}
