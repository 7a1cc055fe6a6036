package dev.weft.context.ledger;

import java.util.Optional;

/**
 * The seam through which evidence that cites a Weft chunk is checked: the indexed text of a chunk, by its id
 * ({@code path#ordinal}) or by its path and 1-based lines. The api module implements it over the corpus index; a
 * ledger without an index uses {@link #NONE}, under which every chunk citation is refused as not indexed.
 */
public interface ChunkTexts {
  /** The text of the chunk with that id, or empty when the index holds none. */
  Optional<String> chunk(String chunkId);

  /** The text of the chunk of {@code path} spanning exactly {@code firstLine}-{@code lastLine} (1-based), or empty. */
  Optional<String> lines(String path, int firstLine, int lastLine);

  /** No index: nothing is found. */
  ChunkTexts NONE =
      new ChunkTexts() {
        @Override
        public Optional<String> chunk(String chunkId) {
          return Optional.empty();
        }

        @Override
        public Optional<String> lines(String path, int firstLine, int lastLine) {
          return Optional.empty();
        }
      };
}
