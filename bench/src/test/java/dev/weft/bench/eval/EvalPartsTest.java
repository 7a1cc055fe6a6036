package dev.weft.bench.eval;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.weft.context.ChunkPointer;
import dev.weft.context.Hit;
import dev.weft.context.Kind;
import dev.weft.context.RecallMode;
import dev.weft.context.embed.EmbedderSpec;
import dev.weft.context.fusion.FusionRule;
import dev.weft.index.IndexStats;
import dev.weft.index.VectorCensus;
import dev.weft.models.hash.HashEmbedderSpec;
import dev.weft.pipelines.ingest.IngestProgress;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The runner's small rules: which id a hit stands for, the ranking cut, the kind ranked, option checks. */
class EvalPartsTest {
  @Test
  void aHitStandsForPathAndSymbolAtChunkLevelAndForItsPathOtherwise() {
    Hit method = hit("a/X.java", "run");
    Hit preamble = hit("a/X.java", null);
    assertThat(EvalLevel.CHUNK.idOf(method)).isEqualTo("a/X.java#run");
    // no symbol can equal a judged path#symbol
    assertThat(EvalLevel.CHUNK.idOf(preamble)).isEqualTo("a/X.java#");
    assertThat(EvalLevel.FILE.idOf(method)).isEqualTo("a/X.java");
    assertThat(EvalLevel.RECORD.idOf(hit("faq/design#1", null))).isEqualTo("faq/design#1");
    assertThat(EvalLevel.CHUNK.onePerFile()).isFalse();
    assertThat(EvalLevel.FILE.onePerFile()).isTrue();
  }

  @Test
  void theRankingKeepsDistinctIdsInOrderUpToTheDepth() {
    // two overloads of run and the class header sharing its constructor's name collapse to one id each
    List<Hit> hits = List.of(hit("X.java", "run"), hit("X.java", "X"), hit("X.java", "run"), hit("Y.java", "go"));
    assertThat(EvalRunner.ranking(hits, EvalLevel.CHUNK)).containsExactly("X.java#run", "X.java#X", "Y.java#go");
    assertThat(EvalRunner.ranking(hits, EvalLevel.FILE)).containsExactly("X.java", "Y.java");

    List<Hit> many = new ArrayList<>();
    for (int i = 0; i < EvalRunner.DEPTH + 50; i++) {
      many.add(hit("F" + i + ".java", "m"));
    }
    assertThat(EvalRunner.ranking(many, EvalLevel.CHUNK)).hasSize(EvalRunner.DEPTH).first().isEqualTo("F0.java#m");
  }

  @Test
  void theKindRankedIsTheOneTheIndexHoldsUnlessOneIsGiven() {
    assertThat(EvalRunner.kindToRank(null, stats(0, 12))).isEqualTo(Kind.DOC);
    assertThat(EvalRunner.kindToRank(Kind.CODE, stats(3, 12))).isEqualTo(Kind.CODE);
    assertThatThrownBy(() -> EvalRunner.kindToRank(null, stats(3, 12)))
        .hasMessage("the index must hold chunks of exactly one kind unless a kind is given, got: code, doc");
    assertThatThrownBy(() -> EvalRunner.kindToRank(null, stats(0, 0)))
        .hasMessage("the index must hold chunks of exactly one kind unless a kind is given, got: none");
  }

  /** Each wither sets its own component and keeps the others: every value below differs from its default. */
  @Test
  void everyWitherSetsItsOwnComponent() {
    EmbedderSpec embedder = new HashEmbedderSpec(8);
    IngestProgress progress = new IngestProgress() {};
    Path index = Path.of("/tmp/index");
    Path runs = Path.of("/tmp/runs");
    EvalOptions built = EvalOptions.defaults()
        .withModes(List.of(RecallMode.HYBRID, RecallMode.BM25))
        .withEmbedder(embedder)
        .withIndexDir(index)
        .withKind(Kind.DOC)
        .withPoolSize(7)
        .withEmbedWeight(0.25)
        .withKnnCandidates(3)
        .withProgress(progress)
        .withAsFiles(true)
        .withSpread(0.5)
        .withFusions(List.of(FusionRule.RRF, FusionRule.ZSCORE))
        .withRunsDir(runs);
    assertThat(built).isEqualTo(new EvalOptions(List.of(RecallMode.HYBRID, RecallMode.BM25), embedder, index,
        Kind.DOC, 7, 0.25, 3, progress, true, runs, List.of(FusionRule.RRF, FusionRule.ZSCORE), 0.5));
    assertThat(built.withPoolSize(9)).isEqualTo(new EvalOptions(built.modes(), embedder, index, Kind.DOC, 9, 0.25,
        3, progress, true, runs, built.fusions(), 0.5));
  }

  @Test
  void optionsAreCheckedBeforeAnythingIsIngested() {
    assertThatThrownBy(() -> EvalOptions.defaults().withModes(List.of()))
        .hasMessage("modes must name at least one of bm25, dense, hybrid, got none");
    assertThatThrownBy(() -> EvalOptions.defaults().withModes(List.of(RecallMode.BM25, RecallMode.BM25)))
        .hasMessage("modes must not repeat a mode, got: [BM25, BM25]");
    assertThatThrownBy(() -> EvalOptions.defaults().withPoolSize(0))
        .hasMessage("pool size must be at least 1, got: 0");
    assertThatThrownBy(() -> EvalOptions.defaults().withEmbedWeight(-1))
        .hasMessage("embedWeight must be a finite number at least 0, got: -1.0");
    assertThat(EvalOptions.defaults().modes()).containsExactly(RecallMode.BM25, RecallMode.DENSE, RecallMode.HYBRID);
    assertThatThrownBy(() -> EvalOptions.defaults().withFusions(List.of()))
        .hasMessage("fusions must name at least one of minmax, zscore, rrf, got none");
    assertThatThrownBy(() -> EvalOptions.defaults().withFusions(List.of(FusionRule.RRF, FusionRule.RRF)))
        .hasMessage("fusions must not repeat a rule, got: [RRF, RRF]");
    assertThat(EvalOptions.defaults().fusions()).containsExactly(FusionRule.DEFAULT);
  }

  @Test
  void aReportRowHasScoresOrAReasonNeverBoth() {
    assertThatThrownBy(() -> new EvalReport.Row(EvalLevel.FILE, RecallMode.BM25, null, 0, 0, null, 0))
        .hasMessage("a row must have either scores or a reason it was not run, got neither");
    Metrics.QueryScores scores = new Metrics.QueryScores(1, 1, 1, 1);
    assertThatThrownBy(() -> new EvalReport.Row(EvalLevel.FILE, RecallMode.BM25, scores, 1, 0, "why", 0))
        .hasMessage("a row must have either scores or a reason it was not run, got both");
    assertThatThrownBy(() -> new EvalReport.Row(EvalLevel.FILE, RecallMode.HYBRID, scores, 1, 0, null, 0))
        .hasMessage("a hybrid row names its fusion rule and no other row does, got mode hybrid with fusion none");
    EvalReport.Row rrf = new EvalReport.Row(EvalLevel.FILE, RecallMode.HYBRID, scores, 1, 0, null, 0, FusionRule.RRF);
    assertThat(rrf.label(true)).isEqualTo("hybrid-rrf");
    assertThat(rrf.label(false)).isEqualTo("hybrid");
  }

  private static Hit hit(String path, String symbol) {
    return new Hit(path, Kind.CODE, "java", 1f, new ChunkPointer(symbol, "method", 0, 1));
  }

  private static IndexStats stats(long code, long doc) {
    return new IndexStats(1, 2, Map.of(Kind.CODE, code, Kind.DOC, doc), 0, 0, "/corpus",
        new VectorCensus(Map.of(), 0));
  }
}
