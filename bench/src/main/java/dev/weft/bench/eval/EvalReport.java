package dev.weft.bench.eval;

import dev.weft.context.RecallMode;
import dev.weft.context.fusion.FusionRule;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.stream.Collectors;

/**
 * What one evaluation measured.
 *
 * @param set the set's name
 * @param layout corpus records or a source tree
 * @param kind the kind that was ranked
 * @param files items (records or files) in the index
 * @param chunks chunks in the index
 * @param embedder the embedder identity ({@code model/dims}), or null when none was used
 * @param poolSize hybrid: the pool size asked for (recall widens it to the ranking depth when smaller)
 * @param embedWeight hybrid: the weight of the normalised cosine
 * @param knnCandidates hybrid: the nearest neighbours that joined the pool (0 for none)
 * @param ingestMillis wall time of the ingest pass (a no-op pass when a kept index was already level)
 * @param rows one per (level, mode), levels outermost
 * @param millis wall time of the whole evaluation
 * @param folder with {@code --as-files}: the folder index the {@link EvalLevel#FOLDER} rows ranked; else null
 */
public record EvalReport(
    String set, BeirSet.Layout layout, String kind, long files, long chunks, String embedder, int poolSize,
    double embedWeight, int knnCandidates, long ingestMillis, List<Row> rows, long millis, Folder folder) {
  public EvalReport {
    Objects.requireNonNull(set, "set");
    rows = List.copyOf(rows);
  }

  /**
   * The records written as Markdown files and indexed as a folder ({@code --as-files}).
   *
   * @param files files in the folder's index
   * @param chunks chunks of the ranked kind in it
   * @param ingestMillis wall time of writing the files and ingesting them
   */
  public record Folder(long files, long chunks, long ingestMillis) {}

  /**
   * One (level, mode) cell.
   *
   * @param level record, chunk or file
   * @param mode bm25, dense or hybrid
   * @param scores mean figures over the scored queries; null when the mode was not run
   * @param queries queries scored
   * @param skipped queries skipped because they have no relevant judgment
   * @param notRun why the mode was not run; null when it was
   * @param millis wall time of this cell's queries (embedding them included)
   * @param fusion hybrid: the fusion rule measured; null for the other modes
   */
  public record Row(
      EvalLevel level, RecallMode mode, Metrics.QueryScores scores, int queries, int skipped, String notRun,
      long millis, FusionRule fusion) {
    public Row {
      Objects.requireNonNull(level, "level");
      Objects.requireNonNull(mode, "mode");
      if ((mode == RecallMode.HYBRID) != (fusion != null)) {
        throw new IllegalArgumentException("a hybrid row names its fusion rule and no other row does, got mode "
            + mode.id() + " with fusion " + (fusion == null ? "none" : fusion.id()));
      }
      if ((scores == null) == (notRun == null)) {
        throw new IllegalArgumentException("a row must have either scores or a reason it was not run, got "
            + (scores == null ? "neither" : "both"));
      }
    }

    /** A row without a fusion rule (bm25, dense). */
    public Row(EvalLevel level, RecallMode mode, Metrics.QueryScores scores, int queries, int skipped, String notRun,
        long millis) {
      this(level, mode, scores, queries, skipped, notRun, millis, null);
    }

    static Row notRun(EvalLevel level, RecallMode mode, FusionRule fusion, String reason) {
      return new Row(level, mode, null, 0, 0, reason, 0, fusion);
    }

    /**
     * The mode as the table and the run files name it: {@code hybrid-<rule>} when the run measured several rules,
     * else the mode's id.
     */
    public String label(boolean severalRules) {
      return label(mode, fusion, severalRules);
    }

    static String label(RecallMode mode, FusionRule fusion, boolean severalRules) {
      return fusion != null && severalRules ? mode.id() + "-" + fusion.id() : mode.id();
    }
  }

  /** The row of a level and mode, if it was measured or reported as not run. */
  public Row row(EvalLevel level, RecallMode mode) {
    return rows.stream().filter(r -> r.level() == level && r.mode() == mode).findFirst()
        .orElseThrow(() -> new IllegalArgumentException("no row for level " + level.id() + " and mode " + mode.id()));
  }

  /** The hybrid row of a level and fusion rule. */
  public Row row(EvalLevel level, FusionRule fusion) {
    return rows.stream().filter(r -> r.level() == level && r.fusion() == fusion).findFirst()
        .orElseThrow(() -> new IllegalArgumentException("no hybrid row for level " + level.id() + " and fusion "
            + fusion.id()));
  }

  /** The fusion rules of the hybrid rows, in row order. */
  public List<FusionRule> fusions() {
    return rows.stream().map(Row::fusion).filter(Objects::nonNull).distinct().toList();
  }

  /** A fixed-width table, one line per row, then the counts and times. */
  public String table() {
    StringBuilder out = new StringBuilder();
    int setWidth = Math.max(3, set.length());
    boolean severalRules = fusions().size() > 1;
    int modeWidth = Math.max(6, rows.stream().mapToInt(r -> r.label(severalRules).length()).max().orElse(0));
    String header = String.format(Locale.ROOT, "%-" + setWidth + "s  %-6s  %-" + modeWidth
        + "s  %7s  %7s  %7s  %7s  %7s  %7s", "set", "level", "mode", "nDCG@10", "MRR@10", "R@10", "R@100", "queries",
        "secs");
    out.append(header).append('\n');
    for (Row row : rows) {
      String lead = String.format(Locale.ROOT, "%-" + setWidth + "s  %-6s  %-" + modeWidth + "s", set,
          row.level().id(), row.label(severalRules));
      if (row.scores() == null) {
        out.append(lead).append("  not run: ").append(row.notRun()).append('\n');
        continue;
      }
      Metrics.QueryScores s = row.scores();
      out.append(lead).append(String.format(Locale.ROOT, "  %7.4f  %7.4f  %7.4f  %7.4f  %7d  %7.1f",
          s.ndcg10(), s.mrr10(), s.recall10(), s.recall100(), row.queries(), row.millis() / 1000.0)).append('\n');
    }
    int skipped = rows.stream().mapToInt(Row::skipped).max().orElse(0);
    out.append(String.format(Locale.ROOT, "%s: %d %s, %d %s chunks%s; ingest %.1f s, total %.1f s%s%n", set, files,
        layout == BeirSet.Layout.CORPUS ? "records" : "files", chunks, kind,
        embedder == null ? "" : ", embedder " + embedder, ingestMillis / 1000.0, millis / 1000.0,
        skipped == 0 ? "" : "; " + skipped + " queries skipped (no relevant judgment)"));
    if (folder != null) {
      out.append(String.format(Locale.ROOT, "%s as files: %d Markdown files, %d %s chunks; written and ingested in "
          + "%.1f s%n", set, folder.files(), folder.chunks(), kind, folder.ingestMillis() / 1000.0));
    }
    if (rows.stream().anyMatch(r -> r.mode() == RecallMode.HYBRID && r.scores() != null)) {
      out.append(String.format(Locale.ROOT, "hybrid: pool max(%d, ranking depth) + %s, embed weight %s, fusion %s%n",
          poolSize, knnCandidates == 0 ? "no nearest neighbours" : "the max(" + knnCandidates
              + ", ranking depth) nearest neighbours", embedWeight,
          fusions().stream().map(FusionRule::id).collect(Collectors.joining(", "))));
    }
    return out.toString();
  }
}
