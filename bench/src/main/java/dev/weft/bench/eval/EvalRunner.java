package dev.weft.bench.eval;

import dev.weft.context.Elapsed;
import dev.weft.context.Hit;
import dev.weft.context.Kind;
import dev.weft.context.QueryVector;
import dev.weft.context.RecallMode;
import dev.weft.context.RecallRequest;
import dev.weft.context.ScratchDirs;
import dev.weft.index.CorpusIndex;
import dev.weft.index.CorpusSearcher;
import dev.weft.index.IndexStats;
import dev.weft.bench.eval.EvalReport.Row;
import dev.weft.pipelines.ingest.EmbedMissing;
import dev.weft.pipelines.ingest.IngestRequest;
import dev.weft.pipelines.ingest.Ingester;
import dev.weft.pipelines.ingest.RunnerChoice;
import dev.weft.transforms.vectors.ChunkEmbedder;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Measures recall on a labelled set: ingests the corpus through the real ingest path (a corpus file, JSONL,
 * Parquet or Avro, through {@link DatasetIngester} as {@code doc} records, a {@code tree/} through {@link Ingester} in-process),
 * runs every query in every mode and scores each level (record; or chunk and file) with {@link Metrics}.
 * A mode that needs vectors is reported as not run, with the reason, when no embedder is given: a number is
 * never made up.
 */
public final class EvalRunner {
  /** The deepest cut the metrics read (Recall@100). */
  static final int DEPTH = 100;
  /**
   * Chunks fetched at the chunk level: several chunks can stand for one judged {@code path#symbol} (overloads
   * share a name, a class header shares its constructor's, a long method is split), and the ranking needs
   * {@link #DEPTH} distinct ids.
   */
  static final int CHUNK_FETCH = 2 * DEPTH;

  public EvalReport run(BeirSet set, EvalOptions options) {
    long start = System.nanoTime();
    Path scratch = options.indexDir() == null ? ScratchDirs.create("weft-eval-") : null;
    Path indexDir = scratch != null ? scratch : options.indexDir();
    try {
      long ingestStart = System.nanoTime();
      ingest(set, indexDir, options);
      long ingestMillis = Elapsed.millisSince(ingestStart);
      try (CorpusIndex index = CorpusIndex.openExisting(indexDir); CorpusSearcher searcher = index.searcher();
          QueryVectors vectors = new QueryVectors(options.embedder())) {
        IndexStats stats = searcher.stats();
        Kind kind = kindToRank(options.kind(), stats);
        List<Row> rows = new ArrayList<>();
        for (EvalLevel level : levels(set.layout())) {
          Qrels qrels = level == EvalLevel.FILE ? set.qrels().fileLevel() : set.qrels();
          for (RecallMode mode : options.modes()) {
            rows.add(measure(set, qrels, level, mode, kind, searcher, vectors, options));
          }
        }
        return new EvalReport(set.name(), set.layout(), kind.id(), stats.files(), stats.chunks().get(kind),
            vectors.identity(), options.poolSize(), options.embedWeight(), options.knnCandidates(), ingestMillis, rows,
            Elapsed.millisSince(start));
      }
    } finally {
      if (scratch != null) {
        ScratchDirs.deleteOrFail(scratch);
      }
    }
  }

  /** Records are judged as records; a source tree per chunk ({@code path#symbol}) and per file. */
  static List<EvalLevel> levels(BeirSet.Layout layout) {
    return layout == BeirSet.Layout.CORPUS ? List.of(EvalLevel.RECORD) : List.of(EvalLevel.CHUNK, EvalLevel.FILE);
  }

  private static void ingest(BeirSet set, Path indexDir, EvalOptions options) {
    if (set.layout() == BeirSet.Layout.CORPUS) {
      new Ingester().run(IngestRequest.dataset(set.corpus(), indexDir)
          .embedder(options.embedder())
          .progress(options.progress())
          .build());
    } else {
      // in-process: Beam's start-up buys nothing for one machine's corpus, and the documents are the same
      new Ingester().run(IngestRequest.directory(set.corpus(), indexDir).runner(RunnerChoice.IN_PROCESS)
          .embedder(options.embedder())
          .progress(options.progress())
          .build());
    }
    if (options.embedder() != null) {
      // a kept index first built without this embedder has unchanged chunks without vectors: fill them in,
      // so dense and hybrid measure the whole corpus (another model's vectors are refused by name)
      EmbedMissing.run(indexDir, options.embedder(), ChunkEmbedder.DEFAULT_BATCH_SIZE,
          IngestRequest.DEFAULT_KEEP_GENERATIONS);
    }
  }

  private static Row measure(BeirSet set, Qrels qrels, EvalLevel level, RecallMode mode, Kind kind,
      CorpusSearcher searcher, QueryVectors vectors, EvalOptions options) {
    if (mode.usesVectors()) {
      String missing = vectors.whyUnavailable();
      if (missing != null) {
        return Row.notRun(level, mode, missing);
      }
    }
    long start = System.nanoTime();
    List<BeirSet.Query> judged = set.queries().stream().filter(q -> !qrels.relevant(q.id()).isEmpty()).toList();
    int skipped = set.queries().size() - judged.size();
    if (judged.isEmpty()) {
      return new Row(level, mode, null, 0, skipped, "no query has a relevant judgment", Elapsed.millisSince(start));
    }
    // embedders are not thread-safe: embed first, in order, then rank on every core
    List<QueryVector> queryVectors = new ArrayList<>(judged.size());
    for (BeirSet.Query query : judged) {
      queryVectors.add(mode.usesVectors() ? vectors.of(query) : null);
    }
    int limit = level.onePerFile() ? DEPTH : CHUNK_FETCH;
    Metrics.QueryScores[] scores = Parallel.map(judged.size(), i -> {
      BeirSet.Query query = judged.get(i);
      RecallRequest request = new RecallRequest(query.text(), Set.of(kind), limit, level.onePerFile(), mode,
          options.poolSize(), options.embedWeight(), options.knnCandidates());
      List<String> ranking = ranking(recall(searcher, request, queryVectors.get(i), kind), level);
      return Metrics.score(ranking, qrels.relevant(query.id()));
    }, Metrics.QueryScores[]::new);
    // summed in query order, so the means do not depend on which thread finished first
    double ndcg = 0;
    double mrr = 0;
    double recall10 = 0;
    double recall100 = 0;
    for (Metrics.QueryScores score : scores) {
      ndcg += score.ndcg10();
      mrr += score.mrr10();
      recall10 += score.recall10();
      recall100 += score.recall100();
    }
    int n = scores.length;
    return new Row(level, mode, new Metrics.QueryScores(ndcg / n, mrr / n, recall10 / n, recall100 / n), n,
        skipped, null, Elapsed.millisSince(start));
  }

  private static List<Hit> recall(CorpusSearcher searcher, RecallRequest request, QueryVector vector, Kind kind) {
    return searcher.recall(request, vector).groups().getOrDefault(kind, List.of());
  }

  /** The distinct ids the hits stand for at this level, best first, cut at {@link #DEPTH}. */
  static List<String> ranking(List<Hit> hits, EvalLevel level) {
    Set<String> ids = new LinkedHashSet<>();
    for (Hit hit : hits) {
      ids.add(level.idOf(hit));
      if (ids.size() == DEPTH) {
        break;
      }
    }
    return List.copyOf(ids);
  }

  /** The asked kind, else the one kind the index holds chunks of; kinds never share a ranking. */
  static Kind kindToRank(Kind asked, IndexStats stats) {
    if (asked != null) {
      return asked;
    }
    List<Kind> present = stats.chunks().entrySet().stream().filter(e -> e.getValue() > 0).map(Map.Entry::getKey)
        .sorted().toList();
    if (present.size() != 1) {
      throw new IllegalArgumentException("the index must hold chunks of exactly one kind unless a kind is given, "
          + "got: " + (present.isEmpty() ? "none" : present.stream().map(Kind::id).collect(Collectors.joining(", "))));
    }
    return present.get(0);
  }
}
