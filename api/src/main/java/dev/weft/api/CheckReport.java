package dev.weft.api;

import java.util.List;

/**
 * What {@link Weft#check} found: Lucene's CheckIndex on every kept generation.
 *
 * @param served the generation {@code CURRENT} names, or -1 when it cannot be read
 * @param currentProblem what is wrong with {@code CURRENT} (and the way out); empty when it is fine
 * @param generations every kept generation, newest first
 */
public record CheckReport(long served, String currentProblem, List<GenerationCheck> generations) {
  public CheckReport {
    generations = List.copyOf(generations);
  }

  /** Whether CURRENT and every kept generation passed. */
  public boolean healthy() {
    return currentProblem.isEmpty() && generations.stream().allMatch(GenerationCheck::ok);
  }

  /**
   * One kept generation's check. Printed field by field (TSV name/value or JSON), so a field added here appears in
   * both without more code.
   *
   * @param generation the generation number
   * @param served whether {@code CURRENT} names it
   * @param status {@code ok}, or {@code damaged}
   * @param segmentsFile the Lucene commit it reads, or empty when its manifest cannot be read
   * @param segments segments in that commit
   * @param documents live documents in that commit (chunks and file states)
   * @param problem what is wrong, naming the file; empty when ok
   * @param vectorsSampled chunk vectors searched with themselves; 0 when the generation has none
   * @param selfRecall share of each sampled chunk's 10 true nearest neighbours (exact search) that the search recall
   *     runs found; 1.0 when nothing was sampled
   */
  public record GenerationCheck(long generation, boolean served, String status, String segmentsFile, int segments,
      long documents, String problem, int vectorsSampled, double selfRecall) {
    public boolean ok() {
      return "ok".equals(status);
    }
  }
}
