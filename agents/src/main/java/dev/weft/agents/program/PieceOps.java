package dev.weft.agents.program;

import dev.weft.context.env.BudgetedText;
import dev.weft.context.env.Chunker;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * The steps before a map applied to one piece at a time, as plain functions: what the in-process runner does to
 * {@link Plan#INPUT}'s pieces, and what the Beam runner does to each record in a FlatMap, so both visit the same
 * pieces under the same addresses. Cutting is the environment's chunk operation ({@link Chunker}): {@code line}
 * keeps each line's {@code \n}, {@code size} never splits a surrogate pair, {@code separator} drops the separator
 * and cuts a longer stretch by size; empty pieces are not made (a map would ask about nothing).
 */
public final class PieceOps {
  private PieceOps() {}

  /** Applies {@code step} (a chunk or a grep) to one piece: its pieces, in order (none when a grep misses). */
  public static List<Piece> apply(Step step, Piece piece) {
    if (step instanceof Step.Chunk chunk) {
      return chunk(chunk, piece);
    }
    if (step instanceof Step.Grep grep) {
      return matches(grep, piece) ? List.of(piece) : List.of();
    }
    throw new IllegalArgumentException("only chunk and grep apply piece by piece, got: " + step.op()
        + " (step " + step.index() + ")");
  }

  /**
   * The pieces of {@code piece}, addressed {@code address#strategy:size/index}, cut by the environment's own
   * {@link Chunker} (so a record is cut exactly as a slot holding its text would be).
   */
  public static List<Piece> chunk(Step.Chunk step, Piece piece) {
    List<Chunker.Range> ranges = Chunker.split(piece.text(), step.spec());
    String prefix = piece.address() + "#" + step.strategy().name().toLowerCase(Locale.ROOT) + ":" + step.size() + "/";
    List<Piece> pieces = new ArrayList<>(ranges.size());
    for (int i = 0; i < ranges.size(); i++) {
      Chunker.Range range = ranges.get(i);
      pieces.add(new Piece(prefix + i, piece.text().substring(range.offset(), range.end())));
    }
    return pieces;
  }

  /**
   * Whether the grep's pattern occurs in the piece. The regex engine may read each char at most {@link
   * #GREP_WORK_PER_CHAR} times: a pattern that backtracks catastrophically is refused, not run for hours.
   */
  public static boolean matches(Step.Grep step, Piece piece) {
    try {
      return pattern(step).matcher(new BudgetedText(piece.text(),
          new long[] {(piece.text().length() + 1_000L) * GREP_WORK_PER_CHAR})).find();
    } catch (BudgetedText.Exhausted e) {
      throw new IllegalArgumentException("grep pattern '" + step.pattern() + "' (step " + step.index()
          + ") backtracks too much on piece " + piece.address() + "; simplify it (no nested repetition such as (a+)+)");
    }
  }

  /** How many times the regex engine may read each char of a piece (plus a fixed allowance). */
  public static final int GREP_WORK_PER_CHAR = 1_000;

  static Pattern pattern(Step.Grep step) {
    return Pattern.compile(step.pattern(), step.ignoreCase() ? Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE : 0);
  }
}
