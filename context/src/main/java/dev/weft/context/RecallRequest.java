package dev.weft.context;

import java.util.EnumSet;
import java.util.Objects;
import java.util.Set;

/**
 * A kind-scoped recall.
 *
 * @param query free text
 * @param kinds kinds to search; empty means every kind
 * @param limit hits per kind; 0 means the default (10 for a single kind, 5 per group otherwise)
 * @param onePerFile at most one hit per file (the best chunk)
 */
public record RecallRequest(String query, Set<Kind> kinds, int limit, boolean onePerFile) {
  public static final int DEFAULT_FLAT_LIMIT = 10;
  public static final int DEFAULT_GROUP_LIMIT = 5;

  public RecallRequest {
    Objects.requireNonNull(query, "query");
    kinds = kinds == null || kinds.isEmpty() ? Set.of() : Set.copyOf(EnumSet.copyOf(kinds));
    if (limit < 0) {
      throw new IllegalArgumentException("n must be at least 1, got: " + limit);
    }
  }

  public static RecallRequest of(String query) {
    return new RecallRequest(query, Set.of(), 0, true);
  }

  /** A flat list when exactly one kind is asked for; groups per kind otherwise. */
  public boolean flat() {
    return kinds.size() == 1;
  }

  /** The kinds actually searched, in enum order. */
  public Set<Kind> effectiveKinds() {
    return kinds.isEmpty() ? EnumSet.allOf(Kind.class) : EnumSet.copyOf(kinds);
  }

  public int effectiveLimit() {
    if (limit > 0) {
      return limit;
    }
    return flat() ? DEFAULT_FLAT_LIMIT : DEFAULT_GROUP_LIMIT;
  }
}
