package dev.weft.context.env;

import java.util.List;

/**
 * A slot's metadata as stored at {@code env/slot/NAME}, apart from its content.
 *
 * @param kind {@code text} (put) or {@code transcript} (built by appendTurn)
 * @param generation the write that put the current content (its blocks' keys carry it); an append keeps it
 * @param seq the last write to the slot, for the digest's most-recent-first order
 * @param starts the offset each block starts at (blocks end early rather than split a surrogate pair)
 * @param digest SHA-256 of the content (for a transcript, chained over its appends): the select cache key
 * @param origin for a select result, the cache key it answers; null otherwise
 */
record SlotRecord(String name, String kind, long chars, long bytes, long lines, long generation, long seq,
    List<Integer> starts, String digest, String origin, PieceTotals chunks, PieceTotals turns) {
  static final String TEXT = "text";
  static final String TRANSCRIPT = "transcript";

  SlotRecord {
    starts = List.copyOf(starts);
  }

  TextShape shape() {
    return new TextShape(chars, bytes, lines);
  }

  int pieces() {
    return chunks.count() + turns.count();
  }

  SlotStat stat() {
    return new SlotStat(name, chars, bytes, lines, pieces(), false);
  }
}
