package dev.weft.bench.eval;

import dev.weft.context.Elapsed;
import dev.weft.context.Hit;
import dev.weft.context.IndexLocation;
import dev.weft.context.Kind;
import dev.weft.context.QueryVector;
import dev.weft.context.RecallMode;
import dev.weft.context.RecallRequest;
import dev.weft.context.ScratchDirs;
import dev.weft.context.error.StorageFailureException;
import dev.weft.context.fusion.FusionRule;
import dev.weft.context.generation.GenerationManifest;
import dev.weft.index.CorpusIndex;
import dev.weft.index.CorpusSearcher;
import dev.weft.index.IndexStats;
import dev.weft.bench.eval.EvalReport.Row;
import dev.weft.pipelines.Runner;
import dev.weft.pipelines.ingest.EmbedMissing;
import dev.weft.pipelines.ingest.IngestRequest;
import dev.weft.pipelines.ingest.Ingester;
import dev.weft.transforms.vectors.ChunkEmbedder;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Measures recall on a labelled set: ingests the corpus through the real ingest path (a corpus file, JSONL,
 * Parquet or Avro, through {@link DatasetIngester} as {@code doc} records, a {@code tree/} through
 * {@link Ingester} in-process), runs every query in every mode and scores each level (record; or chunk and
 * file) with {@link Metrics}. With {@link EvalOptions#asFiles()} a record set is also written as Markdown files
 * ({@link BeirCorpus}), indexed as a folder and judged per file ({@link EvalLevel#FOLDER}); with
 * {@link EvalOptions#runsDir()} each row's ranking is written as a TREC run ({@link TrecRun}). A mode that needs
 * vectors is reported as not run, with the reason, when no embedder is given: a number is never made up.
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
    if (options.asFiles() && set.layout() != BeirSet.Layout.CORPUS) {
      throw new IllegalArgumentException("--as-files writes the records of a corpus file as Markdown files, but "
          + set.name() + " has a tree/, which is a folder already; drop --as-files");
    }
    long start = System.nanoTime();
    List<Path> scratches = new ArrayList<>();
    try (QueryVectors vectors = new QueryVectors(options.embedder())) {
      Path indexDir = options.indexDir() == null ? scratch(scratches) : options.indexDir();
      long ingestStart = System.nanoTime();
      ingest(set.layout() == BeirSet.Layout.CORPUS ? IngestRequest.dataset(set.corpus(), IndexLocation.of(indexDir))
          : IngestRequest.directory(set.corpus(), IndexLocation.of(indexDir)).runner(Runner.INPROCESS), indexDir,
              options);
      long ingestMillis = Elapsed.millisSince(ingestStart);
      List<Row> rows = new ArrayList<>();
      Measured dataset = measureIndex(set, indexDir, levels(set.layout()),
          level -> level == EvalLevel.FILE ? set.qrels().fileLevel() : set.qrels(), vectors, options, rows);
      EvalReport.Folder folder = null;
      if (options.asFiles()) {
        Path folderDir = options.indexDir() == null ? scratch(scratches) : asFilesDir(options.indexDir());
        Path folderIndex = folderDir.resolve("index");
        long folderStart = System.nanoTime();
        Map<String, String> files = writeFolder(set.corpus(), folderDir.resolve("md"));
        // in-process, as a tree set: the same documents, without Beam's start-up
        ingest(IngestRequest.directory(folderDir.resolve("md"), IndexLocation.of(folderIndex)).runner(Runner.INPROCESS),
            folderIndex, options);
        long folderIngest = Elapsed.millisSince(folderStart);
        Qrels byFile = set.qrels().renamed(files);
        Measured measured = measureIndex(set, folderIndex, List.of(EvalLevel.FOLDER), level -> byFile, vectors,
            options, rows);
        folder = new EvalReport.Folder(measured.files(), measured.chunks(), folderIngest);
      }
      return new EvalReport(set.name(), set.layout(), dataset.kind().id(), dataset.files(), dataset.chunks(),
          vectors.identity(), options.poolSize(), options.embedWeight(), options.knnCandidates(), ingestMillis, rows,
          Elapsed.millisSince(start), folder);
    } finally {
      scratches.forEach(ScratchDirs::deleteOrFail);
    }
  }

  /** Where {@code --as-files} keeps its Markdown files ({@code md/}) and their index ({@code index/}). */
  static Path asFilesDir(Path indexDir) {
    return indexDir.resolveSibling(indexDir.getFileName() + ".as-files");
  }

  private static Path scratch(List<Path> scratches) {
    Path dir = ScratchDirs.create("weft-eval-");
    scratches.add(dir);
    return dir;
  }

  /** What one index holds and which kind was ranked. */
  private record Measured(Kind kind, long files, long chunks) {}

  private static Measured measureIndex(BeirSet set, Path indexDir, List<EvalLevel> levels,
      Function<EvalLevel, Qrels> qrelsOf, QueryVectors vectors, EvalOptions options, List<Row> rows) {
    try (CorpusIndex index = CorpusIndex.openExisting(IndexLocation.of(indexDir));
            CorpusSearcher searcher = index.searcher()) {
      IndexStats stats = searcher.stats();
      Kind kind = kindToRank(options.kind(), stats);
      for (EvalLevel level : levels) {
        for (RecallMode mode : options.modes()) {
          if (mode == RecallMode.HYBRID) {
            for (FusionRule fusion : options.fusions()) {
              rows.add(measure(set, qrelsOf.apply(level), level, mode, fusion, kind, searcher, vectors, options));
            }
          } else {
            rows.add(measure(set, qrelsOf.apply(level), level, mode, null, kind, searcher, vectors, options));
          }
        }
      }
      return new Measured(kind, stats.files(), stats.chunks().get(kind));
    }
  }

  /**
   * The records as Markdown files in a folder emptied first, so a kept folder never holds a record the corpus
   * has dropped; returns record id → file name.
   */
  private static Map<String, String> writeFolder(Path corpus, Path md) {
    try {
      ScratchDirs.delete(md);
      Files.createDirectories(md);
    } catch (IOException e) {
      throw new StorageFailureException(md, "cannot empty the --as-files folder " + md + ": " + e
          + "; free space or fix permissions there, or delete it and rerun", e);
    }
    return BeirCorpus.writeRecords(corpus, md);
  }

  /** Records are judged as records; a source tree per chunk ({@code path#symbol}) and per file. */
  static List<EvalLevel> levels(BeirSet.Layout layout) {
    return layout == BeirSet.Layout.CORPUS ? List.of(EvalLevel.RECORD) : List.of(EvalLevel.CHUNK, EvalLevel.FILE);
  }

  private static void ingest(IngestRequest.Builder request, Path indexDir, EvalOptions options) {
    new Ingester().run(request.embedder(options.embedder()).progress(options.progress()).build());
    if (options.embedder() != null) {
      // a kept index first built without this embedder has unchanged chunks without vectors: fill them in,
      // so dense and hybrid measure the whole corpus (another model's vectors are refused by name)
      EmbedMissing.run(IndexLocation.of(indexDir), options.embedder(), ChunkEmbedder.DEFAULT_BATCH_SIZE,
          GenerationManifest.DEFAULT_KEEP_GENERATIONS);
    }
  }

  private static Row measure(BeirSet set, Qrels qrels, EvalLevel level, RecallMode mode, FusionRule fusion,
      Kind kind, CorpusSearcher searcher, QueryVectors vectors, EvalOptions options) {
    if (mode.usesVectors()) {
      String missing = vectors.whyUnavailable();
      if (missing != null) {
        return Row.notRun(level, mode, fusion, missing);
      }
    }
    long start = System.nanoTime();
    List<BeirSet.Query> judged = set.queries().stream().filter(q -> !qrels.relevant(q.id()).isEmpty()).toList();
    int skipped = set.queries().size() - judged.size();
    if (judged.isEmpty()) {
      return new Row(level, mode, null, 0, skipped, "no query has a relevant judgment", Elapsed.millisSince(start),
          fusion);
    }
    // embedders are not thread-safe: embed first, in order, then rank on every core
    List<QueryVector> queryVectors = new ArrayList<>(judged.size());
    for (BeirSet.Query query : judged) {
      queryVectors.add(mode.usesVectors() ? vectors.of(query) : null);
    }
    int limit = level.onePerFile() ? DEPTH : CHUNK_FETCH;
    TrecRun.Answer[] answers = Parallel.map(judged.size(), i -> {
      BeirSet.Query query = judged.get(i);
      RecallRequest request = new RecallRequest(query.text(), Set.of(kind), limit, level.onePerFile(), mode,
          options.poolSize(), options.embedWeight(), options.knnCandidates(), fusion,
          options.spread());
      return new TrecRun.Answer(query.id(), ranked(recall(searcher, request, queryVectors.get(i), kind), level));
    }, TrecRun.Answer[]::new);
    if (options.runsDir() != null) {
      String label = Row.label(mode, fusion, options.fusions().size() > 1);
      TrecRun.write(options.runsDir().resolve(runFileName(set, level, label)), List.of(answers), "weft-" + label);
    }
    // summed in query order, so the means do not depend on which thread finished first
    double ndcg = 0;
    double mrr = 0;
    double recall10 = 0;
    double recall100 = 0;
    for (TrecRun.Answer answer : answers) {
      Metrics.QueryScores score = Metrics.score(ids(answer.ranking()), qrels.relevant(answer.queryId()));
      ndcg += score.ndcg10();
      mrr += score.mrr10();
      recall10 += score.recall10();
      recall100 += score.recall100();
    }
    int n = answers.length;
    return new Row(level, mode, new Metrics.QueryScores(ndcg / n, mrr / n, recall10 / n, recall100 / n), n,
        skipped, null, Elapsed.millisSince(start), fusion);
  }

  private static List<Hit> recall(CorpusSearcher searcher, RecallRequest request, QueryVector vector, Kind kind) {
    return searcher.recall(request, vector).groups().getOrDefault(kind, List.of());
  }

  /** The distinct ids the hits stand for at this level, best first, cut at {@link #DEPTH}. */
  static List<String> ranking(List<Hit> hits, EvalLevel level) {
    return ids(ranked(hits, level));
  }

  /** As {@link #ranking}, each id with the score of its best hit. */
  static List<TrecRun.Ranked> ranked(List<Hit> hits, EvalLevel level) {
    Map<String, TrecRun.Ranked> ids = new LinkedHashMap<>();
    for (Hit hit : hits) {
      String id = level.idOf(hit);
      ids.putIfAbsent(id, new TrecRun.Ranked(id, hit.score()));
      if (ids.size() == DEPTH) {
        break;
      }
    }
    return List.copyOf(ids.values());
  }

  private static List<String> ids(List<TrecRun.Ranked> ranked) {
    return ranked.stream().map(TrecRun.Ranked::id).toList();
  }

  /** {@code <set>.<level>.<mode>.run}: one file per row, so two runs of the same row diff line by line. */
  static String runFileName(BeirSet set, EvalLevel level, String modeLabel) {
    return set.name() + "." + level.id() + "." + modeLabel + ".run";
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
