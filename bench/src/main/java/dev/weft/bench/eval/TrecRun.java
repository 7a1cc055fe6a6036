package dev.weft.bench.eval;

import dev.weft.context.error.StorageFailureException;
import java.io.BufferedWriter;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Objects;

/**
 * One mode's answers to every query in TREC's run format, {@code qid Q0 docid rank score tag} per line, so a
 * run can be scored with trec_eval (or pytrec_eval, ranx, ...) and two runs diffed line by line.
 *
 * <p>trec_eval orders a query's lines by score (ties by docid, descending), not by the rank column, so a tie in
 * Weft's ranking (broken by path and line) would be reordered there. The score column is therefore the hit's
 * score to 6 decimals, lowered in steps of 0.000001 where needed so it strictly decreases down a query's list:
 * any tool then scores exactly the order Weft returned.
 */
public final class TrecRun {
  /** What the score column is written to, in decimals. */
  static final int SCALE = 6;
  private static final BigDecimal STEP = BigDecimal.ONE.movePointLeft(SCALE);

  private TrecRun() {}

  /** One ranked id and the score the ranking gave it. */
  public record Ranked(String id, double score) {
    public Ranked {
      Objects.requireNonNull(id, "id");
    }
  }

  /** One query's answer. */
  public record Answer(String queryId, List<Ranked> ranking) {
    public Answer {
      Objects.requireNonNull(queryId, "queryId");
      ranking = List.copyOf(ranking);
    }
  }

  /** The lines of one query's answer, best first, each ending in a newline. */
  static String lines(Answer answer, String tag) {
    requireToken("query id", answer.queryId());
    requireToken("run tag", tag);
    StringBuilder out = new StringBuilder();
    BigDecimal previous = null;
    int rank = 0;
    for (Ranked ranked : answer.ranking()) {
      requireToken("id", ranked.id());
      if (!Double.isFinite(ranked.score())) {
        throw new IllegalArgumentException("a run's scores must be finite, got: " + ranked.score() + " for "
            + ranked.id() + " of query " + answer.queryId());
      }
      BigDecimal score = BigDecimal.valueOf(ranked.score()).setScale(SCALE, RoundingMode.HALF_EVEN);
      if (previous != null && score.compareTo(previous) >= 0) {
        score = previous.subtract(STEP);
      }
      previous = score;
      rank++;
      out.append(answer.queryId()).append(" Q0 ").append(ranked.id()).append(' ').append(rank).append(' ')
          .append(score.toPlainString()).append(' ').append(tag).append('\n');
    }
    return out.toString();
  }

  /**
   * Writes every answer, in the order given, to {@code file} through a temporary file moved into place, so a
   * failed run never leaves half a file under the final name.
   */
  static void write(Path file, List<Answer> answers, String tag) {
    Path dir = file.toAbsolutePath().getParent();
    Path partial = dir.resolve(file.getFileName() + ".partial");
    try {
      Files.createDirectories(dir);
      try (BufferedWriter out = Files.newBufferedWriter(partial, StandardCharsets.UTF_8)) {
        for (Answer answer : answers) {
          out.write(lines(answer, tag));
        }
      }
      Files.move(partial, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    } catch (IOException e) {
      throw new StorageFailureException(file, "cannot write the run file " + file + ": " + e
          + "; free space or fix permissions there, or give --runs another directory", e);
    }
  }

  /** TREC's format splits on white space: an id holding any would shift every field after it. */
  private static void requireToken(String what, String value) {
    if (value.isEmpty() || value.codePoints().anyMatch(Character::isWhitespace)) {
      throw new IllegalArgumentException("a TREC run's " + what + " must be non-empty and hold no white space, got: '"
          + value + "'");
    }
  }
}
