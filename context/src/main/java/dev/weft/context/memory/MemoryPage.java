package dev.weft.context.memory;

import java.util.List;
import java.util.OptionalLong;

/**
 * One page of {@link Memory#enumerate}: records in insertion order, and the cursor to pass for the next page
 * (empty on the last page). The cursor is a sequence number, not an offset, so forgetting records between pages
 * neither skips nor repeats any of the others.
 */
public record MemoryPage(List<MemoryRecord> records, OptionalLong next) {
  public MemoryPage {
    records = List.copyOf(records);
  }
}
