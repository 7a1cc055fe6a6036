package dev.weft.context;

import java.util.List;
import java.util.Map;

/**
 * Hits per kind, each kind ranked on its own.
 *
 * @param groups hits for each searched kind, in kind order; a kind with no hits maps to an empty list
 * @param flat true when one kind was asked for and the caller wants a plain list
 */
public record RecallResult(Map<Kind, List<Hit>> groups, boolean flat) {
  public RecallResult {
    groups = Map.copyOf(groups);
  }

  /** All hits; for a flat result the single kind's ranking. */
  public List<Hit> hits() {
    return groups.entrySet().stream()
        .sorted(Map.Entry.comparingByKey())
        .flatMap(e -> e.getValue().stream())
        .toList();
  }

  public boolean isEmpty() {
    return groups.values().stream().allMatch(List::isEmpty);
  }
}
