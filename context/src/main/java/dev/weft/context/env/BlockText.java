package dev.weft.context.env;

import com.fasterxml.jackson.databind.JsonNode;
import dev.weft.context.error.ExitStatus;
import dev.weft.context.error.WeftException;
import dev.weft.context.store.Store;
import java.util.Collections;
import java.util.List;

/**
 * A slot's content as a {@link CharSequence} that loads its blocks from the store as they are reached, keeping
 * only the last one: regex, chunking and reads walk a 10 MB slot holding 64k chars at a time. Not thread-safe
 * (one per operation).
 */
final class BlockText implements CharSequence {
  private final Store store;
  private final SlotRecord slot;
  private int loadedStart;
  private String loaded = "";

  BlockText(Store store, SlotRecord slot) {
    this.store = store;
    this.slot = slot;
  }

  @Override
  public int length() {
    return (int) slot.chars();
  }

  @Override
  public char charAt(int index) {
    int at = index - loadedStart;
    if (at < 0 || at >= loaded.length()) {
      if (index < 0 || index >= length()) {
        throw new IndexOutOfBoundsException("index " + index + " outside '" + slot.name() + "' of " + length()
            + " chars");
      }
      load(index);
      at = index - loadedStart;
    }
    return loaded.charAt(at);
  }

  /** {@code [start, end)} as a string, copied a block at a time. */
  @Override
  public String subSequence(int start, int end) {
    if (start < 0 || end > length() || start > end) {
      throw new IndexOutOfBoundsException("range [" + start + ", " + end + ") outside '" + slot.name() + "' of "
          + length() + " chars");
    }
    StringBuilder out = new StringBuilder(end - start);
    int at = start;
    while (at < end) {
      charAt(at);
      int from = at - loadedStart;
      int to = Math.min(loaded.length(), end - loadedStart);
      out.append(loaded, from, to);
      at = loadedStart + to;
    }
    return out.toString();
  }

  /** The whole content: only for callers that need it all (select parses it; tests). */
  @Override
  public String toString() {
    return subSequence(0, length());
  }

  private void load(int index) {
    List<Integer> starts = slot.starts();
    int block = Collections.binarySearch(starts, index);
    if (block < 0) {
      block = -block - 2;
    }
    String key = EnvKeys.block(slot.name(), slot.generation(), block);
    JsonNode value = store.get(key).orElseThrow(() -> new WeftException(ExitStatus.BUSY, "slot '" + slot.name()
        + "' was put again while it was being read (block " + key + " is gone); run the operation again"));
    loaded = value.path(EnvJson.CONTENT).asText();
    loadedStart = starts.get(block);
  }
}
