package dev.weft.bench.eval;

import dev.weft.context.Kind;
import dev.weft.context.RecallMode;
import dev.weft.context.RecallRequest;
import dev.weft.context.embed.EmbedderSpec;
import dev.weft.context.fusion.FusionRule;
import dev.weft.pipelines.ingest.IngestProgress;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * How one evaluation runs. Build it with {@link #defaults()} and the validated {@code withX} setters.
 *
 * @param modes the recall modes to measure, in report order, no repeats
 * @param embedder the embedder that writes chunk vectors at ingest and embeds the queries; null for none, in
 *     which case the modes that need vectors are reported as not run
 * @param indexDir the index to ingest into and search (kept, and brought level incrementally on the next run);
 *     null for a scratch index that is deleted afterwards
 * @param kind the kind to rank; null for the one kind the index holds
 * @param poolSize hybrid: how many BM25-ranked chunks are re-ranked
 * @param embedWeight hybrid: the weight of the normalised cosine
 * @param knnCandidates hybrid: how many nearest neighbours join the BM25 pool (0 for none)
 * @param progress ingest progress
 * @param asFiles a record set is also written as one Markdown file per record and indexed as a folder, the path
 *     users take, and judged per file ({@link EvalLevel#FOLDER}) beside the dataset path
 * @param runsDir where a TREC run file per level and mode is written; null for none
 * @param fusions hybrid: the fusion rules to measure, one hybrid row each, in report order, no repeats
 * @param spread spreading recall's weight (graph.md), 0 for none
 */
public record EvalOptions(
    List<RecallMode> modes, EmbedderSpec embedder, Path indexDir, Kind kind, int poolSize, double embedWeight,
    int knnCandidates, IngestProgress progress, boolean asFiles, Path runsDir, List<FusionRule> fusions,
    double spread) {
  public EvalOptions {
    Objects.requireNonNull(modes, "modes");
    Objects.requireNonNull(progress, "progress");
    modes = List.copyOf(modes);
    if (modes.isEmpty()) {
      throw new IllegalArgumentException("modes must name at least one of bm25, dense, hybrid, got none");
    }
    if (EnumSet.copyOf(modes).size() != modes.size()) {
      throw new IllegalArgumentException("modes must not repeat a mode, got: " + modes);
    }
    Objects.requireNonNull(fusions, "fusions");
    fusions = List.copyOf(fusions);
    if (fusions.isEmpty()) {
      throw new IllegalArgumentException("fusions must name at least one of " + FusionRule.ids() + ", got none");
    }
    if (EnumSet.copyOf(fusions).size() != fusions.size()) {
      throw new IllegalArgumentException("fusions must not repeat a rule, got: " + fusions);
    }
    // the same rules as recall itself, checked before minutes of ingest rather than at the first query
    new RecallRequest("", null, 0, false, RecallMode.BM25, poolSize, embedWeight, knnCandidates, null, spread);
  }

  /** Every mode, no embedder, a scratch index, recall's own pool size and embed weight. */
  public static EvalOptions defaults() {
    return new EvalOptions(List.of(RecallMode.values()), null, null, null, RecallRequest.DEFAULT_POOL_SIZE,
        RecallRequest.DEFAULT_EMBED_WEIGHT, RecallRequest.DEFAULT_KNN_CANDIDATES, IngestProgress.NONE, false, null,
        List.of(FusionRule.DEFAULT), 0);
  }

  // one line each: every wither is the same copy with one component changed, made by with(..) below
  public EvalOptions withModes(List<RecallMode> value) { return with(draft -> draft.modes = value); }
  public EvalOptions withEmbedder(EmbedderSpec value) { return with(draft -> draft.embedder = value); }
  public EvalOptions withIndexDir(Path value) { return with(draft -> draft.indexDir = value); }
  public EvalOptions withKind(Kind value) { return with(draft -> draft.kind = value); }
  public EvalOptions withPoolSize(int value) { return with(draft -> draft.poolSize = value); }
  public EvalOptions withEmbedWeight(double value) { return with(draft -> draft.embedWeight = value); }
  public EvalOptions withKnnCandidates(int value) { return with(draft -> draft.knnCandidates = value); }
  public EvalOptions withProgress(IngestProgress value) { return with(draft -> draft.progress = value); }
  public EvalOptions withAsFiles(boolean value) { return with(draft -> draft.asFiles = value); }
  public EvalOptions withSpread(double value) { return with(draft -> draft.spread = value); }
  public EvalOptions withFusions(List<FusionRule> value) { return with(draft -> draft.fusions = value); }
  public EvalOptions withRunsDir(Path value) { return with(draft -> draft.runsDir = value); }

  /** A copy with what {@code change} sets on a draft of this; the canonical constructor validates it. */
  private EvalOptions with(Consumer<Draft> change) {
    Draft draft = new Draft(this);
    change.accept(draft);
    return new EvalOptions(draft.modes, draft.embedder, draft.indexDir, draft.kind, draft.poolSize,
        draft.embedWeight, draft.knnCandidates, draft.progress, draft.asFiles, draft.runsDir, draft.fusions,
        draft.spread);
  }

  /** The components of an {@link EvalOptions} being copied, mutable until the copy is made. */
  private static final class Draft {
    List<RecallMode> modes;
    EmbedderSpec embedder;
    Path indexDir;
    Path runsDir;
    Kind kind;
    int poolSize;
    int knnCandidates;
    double embedWeight;
    double spread;
    IngestProgress progress;
    boolean asFiles;
    List<FusionRule> fusions;

    Draft(EvalOptions from) {
      modes = from.modes;
      embedder = from.embedder;
      indexDir = from.indexDir;
      kind = from.kind;
      poolSize = from.poolSize;
      embedWeight = from.embedWeight;
      knnCandidates = from.knnCandidates;
      progress = from.progress;
      asFiles = from.asFiles;
      runsDir = from.runsDir;
      fusions = from.fusions;
      spread = from.spread;
    }
  }
}
