package dev.weft.context.store;

import java.util.Collection;
import java.util.Collections;
import java.util.List;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * What a {@link Store#mutate} reads and may write: every key under any of {@code prefixes}, plus the exact
 * {@code keys}. A mutate may write only keys its scope covers.
 */
public record Scope(SortedSet<String> prefixes, SortedSet<String> keys) {
  public Scope {
    prefixes = Collections.unmodifiableSortedSet(new TreeSet<>(prefixes));
    keys = Collections.unmodifiableSortedSet(new TreeSet<>(keys));
    if (prefixes.isEmpty() && keys.isEmpty()) {
      throw new IllegalArgumentException(
          "a scope must name at least one prefix or key, got: no prefixes and no keys");
    }
    for (String key : keys) {
      if (key.isBlank()) {
        throw new IllegalArgumentException("scope keys must not be blank, got: '" + key + "'");
      }
    }
  }

  /** Every key under {@code prefix} ({@code ""} covers the whole store). */
  public static Scope prefix(String prefix) {
    return new Scope(new TreeSet<>(List.of(prefix)), new TreeSet<>());
  }

  /** Exactly {@code keys}. */
  public static Scope keys(String... keys) {
    return new Scope(new TreeSet<>(), new TreeSet<>(List.of(keys)));
  }

  /** Every key under any of {@code prefixes}, plus {@code keys}. */
  public static Scope of(Collection<String> prefixes, Collection<String> keys) {
    return new Scope(new TreeSet<>(prefixes), new TreeSet<>(keys));
  }

  /** Whether a mutate under this scope may read and write {@code key}. */
  public boolean covers(String key) {
    if (keys.contains(key)) {
      return true;
    }
    for (String prefix : prefixes) {
      if (key.startsWith(prefix)) {
        return true;
      }
    }
    return false;
  }

  /** The prefixes and keys, the form messages use: {@code {prefixes: [goal/], keys: [counter]}}. */
  @Override
  public String toString() {
    return "{prefixes: " + List.copyOf(prefixes) + ", keys: " + List.copyOf(keys) + "}";
  }

}
