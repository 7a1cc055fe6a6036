package dev.weft.jobs.cli;

import dev.weft.bench.eval.BeirSet;
import dev.weft.bench.eval.EvalOptions;
import dev.weft.bench.eval.EvalReport;
import dev.weft.bench.eval.EvalRunner;
import dev.weft.bench.eval.Metrics;
import dev.weft.context.Kind;
import dev.weft.context.RecallMode;
import dev.weft.jobs.cli.options.EmbedderOption;
import dev.weft.jobs.cli.options.HybridOptions;
import dev.weft.jobs.cli.options.JsonOption;
import dev.weft.jobs.cli.options.QuietOption;
import dev.weft.jobs.view.Json;
import dev.weft.models.EmbedderSpecs;
import dev.weft.pipelines.ingest.IngestProgress;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(name = "eval", description = "Measure recall quality on a labelled BEIR folder (corpus.jsonl, "
    + "corpus.parquet, corpus.avro or tree/; queries.jsonl, qrels.tsv): ingest it through the real ingest path, "
    + "run every query and print nDCG@10, MRR@10, Recall@10 and Recall@100 per mode; per record for a corpus "
    + "file, per chunk (path#symbol) and per file for tree/.")
final class EvalCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Parameters(index = "0", paramLabel = "SET_DIR", description = "The BEIR folder.")
  Path set;

  @Option(names = "--modes", split = ",", paramLabel = "MODE", defaultValue = "bm25,dense,hybrid",
      description = "Recall modes to measure (default: ${DEFAULT-VALUE}); dense and hybrid need --embedder.")
  List<String> modes;

  @Mixin EmbedderOption embedderOption;

  @Option(names = "--index", paramLabel = "DIR",
      description = "Index to ingest into and keep (a re-run only ingests what changed); default: a scratch "
          + "index deleted afterwards.")
  Path index;

  @Option(names = "--kind", paramLabel = "KIND",
      description = "Kind to rank (code or doc); default: the one kind the index holds.")
  String kind;

  @Mixin HybridOptions hybrid;

  @Option(names = "--as-files",
      description = "Also write each record of a corpus file as a Markdown file (title as a # heading), index them "
          + "as a folder (the path users take) and judge that per file: the rows of level 'folder'. With --index "
          + "DIR the files and their index are kept in DIR.as-files/.")
  boolean asFiles;

  @Option(names = "--runs", paramLabel = "DIR",
      description = "Write a TREC run file per level and mode (qid Q0 docid rank score tag) into DIR as "
          + "SET.LEVEL.MODE.run, to score with your own tools or diff two runs.")
  Path runs;

  @Option(names = "--spread", paramLabel = "W", defaultValue = "0",
      description = "Spreading recall's weight over import edges (docs/graph.md; default ${DEFAULT-VALUE}, off).")
  double spread;

  @Mixin JsonOption json;

  @Mixin QuietOption quiet;

  @Override
  public Integer call() {
    List<RecallMode> parsed = new ArrayList<>();
    modes.forEach(m -> parsed.add(RecallMode.parse(m)));
    EvalOptions options = EvalOptions.defaults()
        .withModes(parsed)
        .withEmbedder(embedderOption.spec == null ? null : EmbedderSpecs.parse(embedderOption.spec))
        .withIndexDir(index == null ? null : index.toAbsolutePath().normalize())
        .withKind(kind == null ? null : Kind.parse(kind))
        .withPoolSize(hybrid.pool)
        .withEmbedWeight(hybrid.embedWeight)
        .withKnnCandidates(hybrid.knn)
        .withSpread(spread)
        .withFusions(hybrid.rules())
        .withAsFiles(asFiles)
        .withRunsDir(runs == null ? null : runs.toAbsolutePath().normalize())
        .withProgress(quiet.on() ? IngestProgress.NONE
            : new ConsoleProgress(spec.commandLine().getErr(), System.console() != null));
    BeirSet loaded = BeirSet.load(set);
    EvalReport report = new EvalRunner().run(loaded, options);
    PrintWriter out = spec.commandLine().getOut();
    if (json.on()) {
      out.println(Json.write(toJson(report)));
    } else {
      out.print(report.table());
      out.flush(); // print() does not flush an auto-flush writer, and main exits right after
    }
    return 0;
  }

  private static Map<String, Object> toJson(EvalReport report) {
    List<Map<String, Object>> rows = new ArrayList<>();
    for (EvalReport.Row row : report.rows()) {
      Map<String, Object> map = new LinkedHashMap<>();
      map.put("level", row.level().id());
      map.put("mode", row.mode().id());
      if (row.fusion() != null) {
        map.put("fusion", row.fusion().id());
      }
      Metrics.QueryScores s = row.scores();
      if (s == null) {
        map.put("notRun", row.notRun());
      } else {
        map.put("ndcg@10", s.ndcg10());
        map.put("mrr@10", s.mrr10());
        map.put("recall@10", s.recall10());
        map.put("recall@100", s.recall100());
        map.put("queries", row.queries());
        map.put("skipped", row.skipped());
        map.put("millis", row.millis());
      }
      rows.add(map);
    }
    Map<String, Object> map = new LinkedHashMap<>();
    map.put("set", report.set());
    map.put("layout", report.layout().name().toLowerCase(Locale.ROOT));
    map.put("kind", report.kind());
    map.put("files", report.files());
    map.put("chunks", report.chunks());
    map.put("embedder", report.embedder());
    map.put("poolSize", report.poolSize());
    map.put("embedWeight", report.embedWeight());
    map.put("knnCandidates", report.knnCandidates());
    map.put("ingestMillis", report.ingestMillis());
    if (report.folder() != null) {
      Map<String, Object> folder = new LinkedHashMap<>();
      folder.put("files", report.folder().files());
      folder.put("chunks", report.folder().chunks());
      folder.put("ingestMillis", report.folder().ingestMillis());
      map.put("asFiles", folder);
    }
    map.put("millis", report.millis());
    map.put("rows", rows);
    return map;
  }
}
