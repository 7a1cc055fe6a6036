package dev.weft.index;

import dev.weft.context.FileState;
import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.Arrays;
import java.util.Comparator;
import java.util.Iterator;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Set;

/**
 * File states by path, held sorted and found by a cursor that expects the path after the last one found: the planner
 * looks paths up in the listing's path order, so each lookup is one {@code equals}, where a hash map hashed every
 * path twice per pass (once to store it, once to find it: a fifth of reading the states and planning) and a sorted
 * map compared a dozen long shared prefixes. Any other order falls back to a binary search. Immutable; safe to share
 * between threads: the cursor is only a hint (a stale one, written by another thread, costs a binary search).
 */
final class SortedFileStates extends AbstractMap<String, FileState> {
  private static final Comparator<FileState> BY_PATH = Comparator.comparing(FileState::path);

  private final FileState[] states;
  private int cursor;

  private SortedFileStates(FileState[] states) {
    this.states = states;
  }

  /**
   * The states of {@code count} entries of {@code states}, each run of which (one per index segment) is usually
   * sorted already; a path held twice keeps its later state, as a map filled in that order would.
   */
  static SortedFileStates of(FileState[] states, int count) {
    FileState[] sorted = Arrays.copyOf(states, count);
    Arrays.sort(sorted, BY_PATH); // stable, and linear over runs already in order
    int distinct = 0;
    for (int i = 0; i < sorted.length; i++) {
      if (distinct > 0 && sorted[distinct - 1].path().equals(sorted[i].path())) {
        sorted[distinct - 1] = sorted[i];
      } else {
        sorted[distinct++] = sorted[i];
      }
    }
    return new SortedFileStates(distinct == sorted.length ? sorted : Arrays.copyOf(sorted, distinct));
  }

  @Override
  public FileState get(Object key) {
    if (!(key instanceof String path)) {
      return null;
    }
    int next = cursor;
    if (next < states.length && states[next].path().equals(path)) {
      cursor = next + 1;
      return states[next];
    }
    int found = indexOf(path);
    if (found < 0) {
      return null;
    }
    cursor = found + 1;
    return states[found];
  }

  @Override
  public boolean containsKey(Object key) {
    return get(key) != null;
  }

  @Override
  public int size() {
    return states.length;
  }

  @Override
  public Set<Map.Entry<String, FileState>> entrySet() {
    return new AbstractSet<>() {
      @Override
      public Iterator<Map.Entry<String, FileState>> iterator() {
        return new Iterator<>() {
          private int next;

          @Override
          public boolean hasNext() {
            return next < states.length;
          }

          @Override
          public Map.Entry<String, FileState> next() {
            if (next >= states.length) {
              throw new NoSuchElementException();
            }
            FileState state = states[next++];
            return Map.entry(state.path(), state);
          }
        };
      }

      @Override
      public int size() {
        return states.length;
      }
    };
  }

  private int indexOf(String path) {
    int low = 0;
    int high = states.length - 1;
    while (low <= high) {
      int mid = (low + high) >>> 1;
      int order = states[mid].path().compareTo(path);
      if (order < 0) {
        low = mid + 1;
      } else if (order > 0) {
        high = mid - 1;
      } else {
        return mid;
      }
    }
    return -1;
  }
}
