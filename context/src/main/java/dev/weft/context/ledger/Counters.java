package dev.weft.context.ledger;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Iterator;
import java.util.Map;

/**
 * The record counters of a ledger: one high-water mark per sequence ({@code goal}, {@code memory}, {@code skill},
 * {@code slot}, {@code progress}). Minting raises the mark; nothing lowers it, so an address handed out once is
 * never handed out again, whatever is deleted or rolled back afterwards.
 */
final class Counters {
  private final ObjectNode marks;

  private Counters(ObjectNode marks) {
    this.marks = marks;
  }

  /** The counters stored at {@link LedgerKeys#COUNTERS}, or all zero when there are none yet. */
  static Counters of(JsonNode stored) {
    return new Counters(stored == null ? LedgerJson.object() : ((ObjectNode) stored).deepCopy());
  }

  /** The next number of {@code sequence}, raising its mark. */
  long mint(String sequence) {
    long next = marks.path(sequence).asLong(0) + 1;
    marks.put(sequence, next);
    return next;
  }

  long mark(String sequence) {
    return marks.path(sequence).asLong(0);
  }

  /** Every mark at least as high as in {@code other}: what a rollback keeps. */
  Counters atLeast(JsonNode other) {
    ObjectNode merged = marks.deepCopy();
    if (other != null) {
      for (Iterator<Map.Entry<String, JsonNode>> it = other.fields(); it.hasNext(); ) {
        Map.Entry<String, JsonNode> mark = it.next();
        merged.put(mark.getKey(), Math.max(merged.path(mark.getKey()).asLong(0), mark.getValue().asLong(0)));
      }
    }
    return new Counters(merged);
  }

  ObjectNode toJson() {
    return marks.deepCopy();
  }
}
