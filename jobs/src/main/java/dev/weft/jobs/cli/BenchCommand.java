package dev.weft.jobs.cli;

import dev.weft.bench.Bench;
import dev.weft.bench.EmbedBench;
import dev.weft.bench.IngestBench;
import dev.weft.bench.VectorBench;
import dev.weft.bench.WholeProcessBench;
import dev.weft.bench.WorkDir;
import dev.weft.jobs.cli.options.ReportOption;
import dev.weft.jobs.run.ReportFile;
import dev.weft.pipelines.Runner;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code weft bench}: parses, runs a bench of the bench module, prints. The ingest, embedding and vector figures are
 * options of this command (their doc commands predate subcommands); every other bench is a subcommand, and this
 * list is where a new one is added (docs/benchmarks.md, "Adding a benchmark").
 */
@Command(name = "bench", subcommands = {ChaosCommand.class, LedgerBenchCommand.class, ProgramBenchCommand.class,
    ImpactBenchCommand.class, GraphBenchCommand.class},
    description = "Measure ingest throughput beside a raw Lucene IndexWriter loop over the same "
    + "chunks (same run), no-op re-index cost, recall latency and index size. Prints medians and ratios.")
final class BenchCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  // not required by picocli: `weft bench chaos` and `weft bench --vectors` take no corpus
  @Option(names = "--corpus", paramLabel = "DIR", description = "Corpus root to index (required unless --vectors).")
  Path corpus;

  @Option(names = "--vectors", paramLabel = "INDEX",
      description = "Only the nearest-neighbour figures of this existing index (one written with --embedder): "
          + "self-recall@10 served and graph-only against exact search, and the latency of each, over --queries "
          + "sampled chunks.")
  Path vectors;

  @Option(names = "--runners", split = ",", defaultValue = "inprocess",
      description = "Executors to measure: inprocess, direct, flink (default: ${DEFAULT-VALUE}).")
  List<String> runners;

  @Option(names = "--repeat", paramLabel = "N",
      description = "Runs per figure; the median is printed (default 3; with --compare 5, at least 5).")
  Integer repeat;

  @Option(names = "--compare", description = "Whole `weft` processes, cold CLI vs warm CLI (the warm server), "
      + "medians and ratios in one run beside the Node tool's figures of issue 13: one recall of the --faq folder "
      + "and of the --corpus code tree, a no-op index of each, a cold index of the code tree (docs/benchmarks.md, "
      + "\"Whole process, warm CLI\"). Run it through the launcher: ./weft bench --compare --corpus DIR [--faq DIR].")
  boolean compare;

  @Option(names = "--queries", defaultValue = "1000", description = "Recall queries to time.")
  int queries;

  @Option(names = "--faq", paramLabel = "DIR",
      description = "A BEIR folder (corpus.jsonl, .parquet or .avro): its records are written as one Markdown file "
          + "each and cold-indexed.")
  Path faq;

  @Option(names = "--work", paramLabel = "DIR", description = "Scratch directory (default: a temp dir, deleted after).")
  Path work;

  @Option(names = "--embed", paramLabel = "MODEL",
      description = "Only the embedding figures, with this in-process model: minilm or bge-small.")
  String embed;

  @Option(names = "--embed-chunks", defaultValue = "2000",
      description = "With --embed: chunks of the corpus to embed (default: ${DEFAULT-VALUE}).")
  int embedChunks;

  @Option(names = "--embed-raw-passages", paramLabel = "N",
      description = "With --embed: time the raw ONNX baseline on the first N of those chunks only (default: all of "
          + "them), so a 50,000-chunk memory run does not embed everything twice.")
  Integer embedRawPassages;

  @Mixin ReportOption report;

  @Override
  public Integer call() throws Exception {
    PrintWriter out = spec.commandLine().getOut();
    if (report.file() != null && (embed != null || vectors != null)) {
      throw new IllegalArgumentException("--report goes with the ingest figures (--corpus), not "
          + (embed != null ? "--embed" : "--vectors") + "; drop one of them");
    }
    if (compare) {
      if (embed != null || vectors != null || report.file() != null) {
        throw new IllegalArgumentException("--compare times whole processes alone; drop --embed, --vectors and "
            + "--report");
      }
      return WorkDir.scratch(work, "weft-compare").run(new WholeProcessBench(
          new WholeProcessBench.Options(corpus, faq, repeat == null ? 5 : repeat)), out);
    }
    if (vectors != null) {
      new VectorBench(vectors, queries).run(out);
      return 0;
    }
    if (corpus == null) {
      throw new IllegalArgumentException("bench needs --corpus DIR (or --vectors INDEX for the vector figures only, or "
          + "a subcommand: " + subcommandNames() + ")");
    }
    Bench bench;
    if (embed != null) {
      bench = new EmbedBench(new EmbedBench.Options(corpus, EmbedBench.model(embed), embedChunks, embedRawPassages,
          queries));
    } else {
      List<Runner> parsed = new ArrayList<>();
      runners.forEach(r -> parsed.add(Runner.parse(r)));
      IngestBench ingest = new IngestBench(new IngestBench.Options(corpus, parsed, repeat == null ? 3 : repeat, queries,
          faq));
      ReportFile reportFile = new ReportFile(report.file(), "bench");
      int exit = WorkDir.scratch(work, "weft-bench").run(ingest, out);
      reportFile.bench(ingest.corpusCounts(), ingest.recallLatenciesMillis());
      return exit;
    }
    return WorkDir.scratch(work, "weft-bench").run(bench, out);
  }

  private String subcommandNames() {
    return String.join(", ", spec.subcommands().keySet().stream().map(name -> "weft bench " + name).toList());
  }
}
