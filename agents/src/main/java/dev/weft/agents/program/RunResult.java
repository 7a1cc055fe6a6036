package dev.weft.agents.program;

import java.util.List;

/**
 * A run's report. The answer travels as a bounded preview; {@link #readAnswer} reads the rest a window at a time
 * (a class, not a record, so no accessor hands out the whole answer).
 */
public final class RunResult {
  /** Characters of the answer a report carries. */
  public static final int PREVIEW_CHARS = 2_000;
  /** Most characters one {@link #readAnswer} returns. */
  public static final int MAX_READ_CHARS = 65_536;

  /**
   * What one step did.
   *
   * @param summary a bounded line: pieces made, pieces kept, calls made and failed, the value's size
   */
  public record StepReport(int index, String op, String as, long ms, String summary) {}

  /** The limit asked for and the most sub-calls seen in flight at once. */
  public record Concurrency(int limit, int peak) {}

  /**
   * The counts of a run.
   *
   * @param subcalls sub-calls made
   * @param failed sub-calls that failed (each piece's {@code {error}} result says why)
   * @param unvisited pieces the map did not visit: beyond the cap, or kept from starting by a cancel
   */
  public record Counts(int subcalls, int failed, int unvisited) {}

  private final boolean ok;
  private final String fingerprint;
  private final String answer;
  private final List<StepReport> steps;
  private final Counts counts;
  private final long ms;
  private final Concurrency concurrency;

  RunResult(boolean ok, String fingerprint, String answer, List<StepReport> steps, Counts counts, long ms,
      Concurrency concurrency) {
    this.ok = ok;
    this.fingerprint = fingerprint;
    this.answer = answer;
    this.steps = List.copyOf(steps);
    this.counts = counts;
    this.ms = ms;
    this.concurrency = concurrency;
  }

  /** Every step ran (false when the run was cancelled; failed sub-calls do not make it false). */
  public boolean ok() {
    return ok;
  }

  public String fingerprint() {
    return fingerprint;
  }

  /** The first {@link #PREVIEW_CHARS} characters of the answer. */
  public String answerPreview() {
    return truncated() ? answer.substring(0, PREVIEW_CHARS) : answer;
  }

  /** Whether the answer is longer than the preview. */
  public boolean truncated() {
    return answer.length() > PREVIEW_CHARS;
  }

  public int answerChars() {
    return answer.length();
  }

  public List<StepReport> steps() {
    return steps;
  }

  public int subcalls() {
    return counts.subcalls();
  }

  public int failed() {
    return counts.failed();
  }

  public int unvisited() {
    return counts.unvisited();
  }

  /** Wall time of the run. */
  public long ms() {
    return ms;
  }

  public Concurrency concurrency() {
    return concurrency;
  }

  /** Exactly {@code chars} characters of the answer from {@code offset} (fewer only at its end). */
  public String readAnswer(int offset, int chars) {
    if (chars < 1 || chars > MAX_READ_CHARS) {
      throw new IllegalArgumentException("chars must be between 1 and " + MAX_READ_CHARS + ", got: " + chars);
    }
    if (offset < 0 || offset > answer.length()) {
      throw new IllegalArgumentException("offset must be between 0 and the answer's length " + answer.length()
          + ", got: " + offset);
    }
    return answer.substring(offset, Math.min(answer.length(), offset + chars));
  }

  @Override
  public String toString() {
    return "RunResult[ok=" + ok + ", answerChars=" + answer.length() + ", " + counts + ", ms=" + ms + ", "
        + concurrency + "]";
  }
}
