package dev.weft.context.env;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Where a chunking cuts a text: plain functions of the text and the spec, tested alone. Public so every cutter of
 * pieces (the environment's chunk, a runner cutting records that are not slots) cuts the same way.
 *
 * <ul>
 *   <li>{@code line}: {@code size} lines a piece, each with its {@code \n}, so the pieces put together are the
 *       text;
 *   <li>{@code size}: {@code size} chars a piece (one fewer rather than split a surrogate pair);
 *   <li>{@code separator}: the text between occurrences of the separator (not a regex; the separator itself is
 *       in no piece), a longer stretch cut into pieces of {@code size} chars; empty stretches make no piece, as a
 *       map over them would ask the model about nothing.
 * </ul>
 */
public final class Chunker {
  /** A piece: {@code chars} chars from {@code offset}. */
  public record Range(int offset, int chars) {
    public int end() {
      return offset + chars;
    }
  }

  private Chunker() {}

  /** The spec checked against every cap: a size in range, a separator for (and only for) {@code separator}. */
  public static ChunkSpec check(ChunkSpec spec) {
    if (spec == null || spec.strategy() == null) {
      throw new IllegalArgumentException("a chunk spec needs a strategy (line, size or separator), got: " + spec);
    }
    EnvLimits.check("size", spec.size(), 1, EnvLimits.MAX_CHUNK_SIZE);
    if (spec.separator() == null) {
      throw new IllegalArgumentException("separator must be Optional.empty() or a string, got: null");
    }
    if (spec.strategy() == ChunkSpec.Strategy.SEPARATOR) {
      String separator = spec.separator().orElseThrow(() -> new IllegalArgumentException(
          "strategy separator needs a separator (such as \"\\n\\n\"), got: none"));
      EnvLimits.check("separator length", separator.length(), 1, EnvLimits.MAX_SEPARATOR_CHARS);
    } else if (spec.separator().isPresent()) {
      throw new IllegalArgumentException("a separator is only for strategy separator, got: strategy "
          + spec.strategy().name().toLowerCase(Locale.ROOT) + " with separator '"
          + spec.separator().get() + "'");
    }
    return spec;
  }

  /** The pieces of {@code text}; refuses a chunking of more than {@link EnvLimits#MAX_PIECES} pieces. */
  public static List<Range> split(CharSequence text, ChunkSpec spec) {
    check(spec);
    List<Range> ranges = new ArrayList<>();
    switch (spec.strategy()) {
      case LINE -> lines(text, spec.size(), ranges);
      case SIZE -> sized(text, 0, text.length(), spec.size(), ranges);
      case SEPARATOR -> separated(text, spec.separator().orElseThrow(), spec.size(), ranges);
      default -> throw new IllegalStateException("unhandled strategy " + spec.strategy());
    }
    return ranges;
  }

  private static void lines(CharSequence text, int linesPerPiece, List<Range> ranges) {
    int start = 0;
    int lines = 0;
    for (int i = 0; i < text.length(); i++) {
      if (text.charAt(i) == '\n' && ++lines == linesPerPiece) {
        add(ranges, start, i + 1);
        start = i + 1;
        lines = 0;
      }
    }
    if (start < text.length()) {
      add(ranges, start, text.length());
    }
  }

  private static void sized(CharSequence text, int start, int end, int size, List<Range> ranges) {
    int at = start;
    while (at < end) {
      int stop = Math.min(end, Blocks.safeEnd(text, at, size));
      add(ranges, at, stop);
      at = stop;
    }
  }

  private static void separated(CharSequence text, String separator, int size, List<Range> ranges) {
    // a quoted pattern: the JDK's literal search (Boyer-Moore), over blocks loaded as it goes
    Matcher matcher = Pattern.compile(Pattern.quote(separator)).matcher(text);
    int start = 0;
    while (matcher.find()) {
      sized(text, start, matcher.start(), size, ranges);
      start = matcher.end();
    }
    sized(text, start, text.length(), size, ranges);
  }

  private static void add(List<Range> ranges, int start, int end) {
    if (ranges.size() == EnvLimits.MAX_PIECES) {
      throw new IllegalArgumentException("this chunking would make more than " + EnvLimits.MAX_PIECES
          + " pieces (the cap); use a larger size");
    }
    ranges.add(new Range(start, end - start));
  }
}
