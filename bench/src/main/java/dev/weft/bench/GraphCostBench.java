package dev.weft.bench;

import dev.weft.context.IndexLocation;
import dev.weft.context.ScratchDirs;
import dev.weft.context.SourceDocument;
import dev.weft.pipelines.Runner;
import dev.weft.pipelines.ingest.IngestRequest;
import dev.weft.pipelines.ingest.IngestStamp;
import dev.weft.pipelines.ingest.Ingester;
import dev.weft.transforms.graph.ImportExtractors;
import dev.weft.transforms.graph.ProjectFiles;
import dev.weft.transforms.ingest.CorpusLister;
import dev.weft.transforms.ingest.FileProcessor;
import dev.weft.transforms.ingest.ListedFile;
import dev.weft.transforms.ingest.ReadOutcome;
import dev.weft.transforms.ingest.SourceReader;
import dev.weft.transforms.route.Router;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * {@code weft bench graph --corpus DIR}: what the code graph's import-edge pass costs ingest (graph.md, "Cost"). In
 * one run, over the corpus's files read once into memory: the chunk pass alone (ingest without the edge pass's
 * extraction), the edge pass alone (every code file's imports, project files read afresh each round), and the whole
 * in-process ingest of the corpus into a fresh index (which does both, and writes the edge documents). Each figure
 * is the median of interleaved rounds after one warm-up round, so a burst of load on this shared machine hits all
 * three alike; the share to read is edge pass / whole ingest.
 */
public final class GraphCostBench implements Bench {
  /** @param corpus the tree to measure; @param repeat measured rounds (after one warm-up), the median printed */
  public record Options(Path corpus, int repeat) {
    public Options {
      Objects.requireNonNull(corpus, "corpus");
      corpus = corpus.toAbsolutePath().normalize();
      Checks.atLeast("repeat", repeat, 1);
    }
  }

  private final Options options;

  public GraphCostBench(Options options) {
    this.options = options;
  }

  @Override
  public String name() {
    return "graph";
  }

  @Override
  public int run(Path work, PrintWriter out) {
    List<SourceDocument> docs = read();
    List<SourceDocument> code = docs.stream().filter(d -> ImportExtractors.handles(d.format())).toList();
    long imports = code.stream().mapToLong(d -> extract(d, new ProjectFiles(options.corpus().toString()))).sum();
    out.printf(Locale.ROOT, "graph-cost\t%s\t%d files\t%d with an import extractor\t%d imports%n", options.corpus(),
        docs.size(), code.size(), imports);
    long[] chunk = new long[options.repeat()];
    long[] edges = new long[options.repeat()];
    long[] ingest = new long[options.repeat()];
    for (int round = -1; round < options.repeat(); round++) { // round -1 warms the JIT and the page cache
      long c = timed(() -> docs.forEach(d -> FileProcessor.chunk(d, IngestStamp.CURRENT)));
      long e = timed(() -> {
        ProjectFiles project = new ProjectFiles(options.corpus().toString());
        code.forEach(d -> extract(d, project));
      });
      Path index = work.resolve("index");
      ScratchDirs.deleteOrFail(index);
      long i = timed(() -> new Ingester().run(IngestRequest.directory(options.corpus(), IndexLocation.of(index))
          .runner(Runner.INPROCESS).build()));
      if (round >= 0) {
        chunk[round] = c;
        edges[round] = e;
        ingest[round] = i;
      }
    }
    double chunkMs = median(chunk);
    double edgeMs = median(edges);
    double ingestMs = median(ingest);
    out.printf(Locale.ROOT, "chunk-pass\t%.0f ms\t(read files, chunked in memory: ingest's parse without the edges)%n",
        chunkMs);
    out.printf(Locale.ROOT, "edge-pass\t%.0f ms\tratio-to-chunk-pass %.3f%n", edgeMs, edgeMs / chunkMs);
    out.printf(Locale.ROOT, "ingest-inprocess\t%.0f ms\tedge-pass-share %.3f\t(median of %d, fresh index each)%n",
        ingestMs, edgeMs / ingestMs, options.repeat());
    out.flush();
    return 0;
  }

  /** Every file the lister keeps, read as ingest reads it; refused files (too large, binary) are left out. */
  private List<SourceDocument> read() {
    Router router = Router.defaults();
    SourceReader reader = SourceReader.withDefaults();
    List<SourceDocument> docs = new ArrayList<>();
    for (ListedFile file : new CorpusLister(router, null).list(options.corpus())) {
      router.route(file.path())
          .map(route -> reader.read(options.corpus(), file.path(), route))
          .filter(ReadOutcome.Read.class::isInstance)
          .ifPresent(read -> docs.add(((ReadOutcome.Read) read).document()));
    }
    if (docs.isEmpty()) {
      throw new IllegalArgumentException("the corpus " + options.corpus() + " has no file weft indexes; pass a "
          + "source tree with --corpus");
    }
    return docs;
  }

  private static long extract(SourceDocument doc, ProjectFiles project) {
    return ImportExtractors.extract(doc.format(), doc.path(), doc.text(), project).imports().size();
  }

  private static long timed(Runnable run) {
    long t0 = System.nanoTime();
    run.run();
    return System.nanoTime() - t0;
  }

  private static double median(long[] nanos) {
    long[] sorted = nanos.clone();
    Arrays.sort(sorted);
    return sorted[(sorted.length - 1) / 2] / 1e6;
  }
}
