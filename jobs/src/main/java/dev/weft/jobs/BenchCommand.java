package dev.weft.jobs;

import dev.weft.models.EmbedderSpecs;
import dev.weft.models.onnx.OnnxEmbedderSpec;
import dev.weft.models.onnx.OnnxModel;
import dev.weft.pipelines.ingest.RunnerChoice;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

@Command(name = "bench", subcommands = ChaosCommand.class, description = "Measure ingest throughput beside a raw Lucene IndexWriter loop over the same "
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

  @Option(names = "--repeat", defaultValue = "3", description = "Runs per figure; the median is printed.")
  int repeat;

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

  @Override
  public Integer call() throws Exception {
    if (repeat < 1) {
      throw new IllegalArgumentException("repeat must be at least 1, got: " + repeat);
    }
    if (queries < 1) {
      throw new IllegalArgumentException("queries must be at least 1, got: " + queries);
    }
    if (vectors != null) {
      new VectorBench(vectors.toAbsolutePath().normalize(), spec.commandLine().getOut()).run(queries);
      return 0;
    }
    if (corpus == null) {
      throw new IllegalArgumentException("bench needs --corpus DIR (or --vectors INDEX for the vector figures only, or the subcommand: weft bench chaos)");
    }
    List<RunnerChoice> parsed = new ArrayList<>();
    runners.forEach(r -> parsed.add(RunnerChoice.parse(r)));
    PrintWriter out = spec.commandLine().getOut();
    if (embed != null) {
      // the embedder names of every other command; only the in-process models have a raw ONNX loop to compare
      if (!(EmbedderSpecs.parse(embed) instanceof OnnxEmbedderSpec onnx)) {
        throw new IllegalArgumentException("--embed must be minilm or bge-small, got: " + embed);
      }
      OnnxModel model = onnx.model();
      Path dir = work != null ? Files.createDirectories(work) : Files.createTempDirectory("weft-bench-embed");
      try {
        new EmbedBench(corpus.toAbsolutePath().normalize(), dir, model, out).run(embedChunks, embedRawPassages, queries);
      } finally {
        if (work == null) {
          BenchFiles.deleteTree(dir);
        }
      }
      return 0;
    }
    IngestBench bench = new IngestBench(corpus.toAbsolutePath().normalize(), work, repeat, out);
    try {
      bench.throughput(parsed);
      bench.noOp();
      bench.recall(queries);
      bench.size();
      if (faq != null) {
        bench.faq(faq);
      }
    } finally {
      bench.cleanUp();
    }
    return 0;
  }
}
