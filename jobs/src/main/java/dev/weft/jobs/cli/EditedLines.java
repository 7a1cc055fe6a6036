package dev.weft.jobs.cli;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;

/**
 * The lines of a file that a Claude Code edit is about to change, found in the file as it is before the edit (a
 * PreToolUse hook runs first): each {@code old_string} of an {@code Edit} or of a {@code MultiEdit}'s edits, every
 * occurrence when {@code replace_all} is set and the first otherwise (Claude Code refuses an ambiguous one), and the
 * whole file for a {@code Write}. An {@code old_string} the file does not hold touches nothing: the edit will fail,
 * or the file changed since the model read it.
 */
final class EditedLines {
  /** The tools whose edits are looked at: the rest never change a file by path. */
  static final List<String> TOOLS = List.of("Edit", "MultiEdit", "Write");

  private EditedLines() {}

  /** A 0-based inclusive line range, as the index's chunks hold them. */
  record Range(int start, int end) {
    boolean overlaps(int otherStart, int otherEnd) {
      return start <= otherEnd && otherStart <= end;
    }
  }

  /** The ranges {@code tool}'s {@code input} changes in {@code text}; empty when it changes none it can name. */
  static List<Range> of(String tool, JsonNode input, String text) {
    List<Range> ranges = new ArrayList<>();
    switch (tool) {
      case "Write" -> ranges.add(new Range(0, Math.max(0, lineOf(text, text.length()))));
      case "Edit" -> find(text, input, ranges);
      case "MultiEdit" -> input.path("edits").forEach(edit -> find(text, edit, ranges));
      default -> { } // not an edit: nothing to advise on
    }
    return ranges;
  }

  private static void find(String text, JsonNode edit, List<Range> ranges) {
    JsonNode old = edit.path("old_string");
    if (!old.isTextual() || old.asText().isEmpty()) {
      return; // an empty old_string creates a file: nothing of it exists yet
    }
    String needle = old.asText();
    boolean all = edit.path("replace_all").asBoolean(false);
    for (int at = text.indexOf(needle); at >= 0; at = text.indexOf(needle, at + needle.length())) {
      ranges.add(new Range(lineOf(text, at), lineOf(text, at + needle.length() - 1)));
      if (!all) {
        return;
      }
    }
  }

  /** The 0-based line of the character at {@code offset}. */
  static int lineOf(String text, int offset) {
    int line = 0;
    int end = Math.min(offset, text.length());
    for (int i = 0; i < end; i++) {
      if (text.charAt(i) == '\n') {
        line++;
      }
    }
    return line;
  }
}
