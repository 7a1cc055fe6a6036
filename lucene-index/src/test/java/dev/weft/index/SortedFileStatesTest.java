package dev.weft.index;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.context.FileState;
import dev.weft.context.Kind;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.CharRange;
import net.jqwik.api.constraints.Size;
import net.jqwik.api.constraints.StringLength;
import org.junit.jupiter.api.Test;

/** The file-state map the planner reads: whatever the lookup order, it answers as a hash map of the same states. */
class SortedFileStatesTest {
  @Property(tries = 200)
  void answersEveryLookupInAnyOrderAsAHashMapOfTheSameStates(
      @ForAll @Size(max = 40) List<@StringLength(min = 1, max = 6) @CharRange(from = 'a', to = 'e') String> held,
      @ForAll @Size(max = 60) List<@StringLength(min = 1, max = 6) @CharRange(from = 'a', to = 'e') String> asked,
      @ForAll @Size(max = 3) List<@StringLength(max = 2) @CharRange(from = '\u00e0', to = '\u00e2') String> unusual) {
    List<FileState> states = new ArrayList<>();
    Map<String, FileState> expected = new HashMap<>();
    for (String path : concat(held, unusual)) {
      FileState state = state(path, states.size());
      states.add(state);
      expected.put(path, state); // a path held twice keeps its later state
    }

    Map<String, FileState> sorted = SortedFileStates.of(states.toArray(FileState[]::new), states.size());

    assertThat(sorted).isEqualTo(expected).hasSize(expected.size());
    assertThat(new ArrayList<>(sorted.keySet())).isSorted();
    List<String> lookups = concat(concat(asked, held), expected.keySet().stream().sorted().toList());
    for (String path : lookups) {
      assertThat(sorted.get(path)).isEqualTo(expected.get(path));
      assertThat(sorted.containsKey(path)).isEqualTo(expected.containsKey(path));
    }
  }

  @Test
  void findsEachPathOfAnInOrderListingAndNothingThatIsNotHeld() {
    List<FileState> held = List.of(state("a/x.java", 1), state("a/y.java", 2), state("b.md", 3));
    FileState[] unsorted = {held.get(2), held.get(0), held.get(1)};
    Map<String, FileState> sorted = SortedFileStates.of(unsorted, unsorted.length);

    assertThat(sorted.get("a/new.java")).isNull(); // an added file, before the cursor moved
    assertThat(sorted.get("a/x.java")).isEqualTo(held.get(0));
    assertThat(sorted.get("a/y.java")).isEqualTo(held.get(1));
    assertThat(sorted.get("a/z.java")).isNull();
    assertThat(sorted.get("b.md")).isEqualTo(held.get(2));
    assertThat(sorted.get("c.md")).isNull();
    assertThat(sorted.get(42)).isNull();
  }

  private static FileState state(String path, int n) {
    return new FileState(path, Kind.DOC, "markdown", n, n, "hash" + n, "stamp", 1);
  }

  private static List<String> concat(List<String> first, List<String> second) {
    List<String> all = new ArrayList<>(first);
    all.addAll(second);
    return all;
  }
}
