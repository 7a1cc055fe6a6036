package dev.weft.jobs.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;

/**
 * Where an edit falls: for generated files and an {@code old_string} cut out of them anywhere (across line breaks,
 * at a line's edge, a bare newline), the range an Edit gets holds exactly the lines that share a character with the
 * first occurrence; with {@code replace_all}, one such range per occurrence, in order; a string the file does not
 * hold touches nothing.
 */
class EditedLinesPropertyTest {
  private static ObjectNode edit(String old, boolean all) {
    return JsonNodeFactory.instance.objectNode().put("old_string", old).put("new_string", "x").put("replace_all", all);
  }

  /** Line i's characters, newline included, as [start, end) offsets. */
  private static List<int[]> lineSpans(String text) {
    List<int[]> spans = new ArrayList<>();
    int start = 0;
    for (int i = 0; i < text.length(); i++) {
      if (text.charAt(i) == '\n') {
        spans.add(new int[] {start, i + 1});
        start = i + 1;
      }
    }
    spans.add(new int[] {start, text.length()});
    return spans;
  }

  /** The lines that share a character with [from, to). */
  private static EditedLines.Range expected(String text, int from, int to) {
    List<int[]> spans = lineSpans(text);
    int first = -1;
    int last = -1;
    for (int i = 0; i < spans.size(); i++) {
      if (spans.get(i)[0] < to && from < spans.get(i)[1]) {
        first = first < 0 ? i : first;
        last = i;
      }
    }
    return new EditedLines.Range(first, last);
  }

  @Property(tries = 500)
  void anEditsRangeHoldsExactlyTheLinesItsOldStringSharesACharacterWith(@ForAll("files") String text,
      @ForAll @IntRange(min = 0, max = 400) int a, @ForAll @IntRange(min = 1, max = 60) int length) {
    int from = Math.min(a, text.length() - 1);
    int to = Math.min(text.length(), from + length);
    String old = text.substring(from, to);
    int first = text.indexOf(old);

    List<EditedLines.Range> ranges = EditedLines.of("Edit", edit(old, false), text);

    assertThat(ranges).containsExactly(expected(text, first, first + old.length()));
  }

  @Property(tries = 300)
  void replaceAllGivesOneRangePerOccurrenceInOrder(@ForAll("files") String text, @ForAll("words") String word) {
    List<EditedLines.Range> ranges = EditedLines.of("Edit", edit(word, true), text);

    List<EditedLines.Range> occurrences = new ArrayList<>();
    for (int at = text.indexOf(word); at >= 0; at = text.indexOf(word, at + word.length())) {
      occurrences.add(expected(text, at, at + word.length()));
    }
    assertThat(ranges).isEqualTo(occurrences);
  }

  @Property(tries = 100)
  void aStringTheFileDoesNotHoldTouchesNothing(@ForAll("files") String text) {
    assertThat(EditedLines.of("Edit", edit("#not in any file#", false), text)).isEmpty();
    assertThat(EditedLines.of("Read", edit(text, false), text)).isEmpty();
  }

  @Provide
  Arbitrary<String> files() {
    Arbitrary<String> line = Arbitraries.of("", "a", "b c", "  refill();", "return a;", "}", "a\tb")
        .list().ofMinSize(1).ofMaxSize(4).map(words -> String.join(" ", words));
    return line.list().ofMinSize(1).ofMaxSize(30).map(lines -> String.join("\n", lines) + "\n");
  }

  @Provide
  Arbitrary<String> words() {
    return Arbitraries.of("a", "b c", "refill", "\n", "}\n", "a;\n}");
  }
}
