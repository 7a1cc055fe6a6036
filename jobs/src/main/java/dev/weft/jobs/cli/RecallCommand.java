package dev.weft.jobs.cli;

import dev.weft.api.Lines;
import dev.weft.api.Weft;
import dev.weft.context.Hit;
import dev.weft.context.Kind;
import dev.weft.context.RecallMode;
import dev.weft.context.RecallRequest;
import dev.weft.context.RecallResult;
import dev.weft.context.error.ExitStatus;
import dev.weft.jobs.cli.options.EmbedderOption;
import dev.weft.jobs.cli.options.HybridOptions;
import dev.weft.jobs.cli.options.IndexOption;
import dev.weft.jobs.cli.options.JsonOption;
import dev.weft.jobs.view.Json;
import dev.weft.jobs.view.RecallHits;
import dev.weft.jobs.view.RecallView;
import dev.weft.jobs.view.TsvFields;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(name = "recall", description = "Kind-scoped BM25 recall. Prints path, lines (1-based), kind, format, "
    + "node type, symbol and score, tab-separated; exit 1 when nothing matches. --kind fact or episode recalls the "
    + "memory instead: id, kind, by, occurredAt, score and text.")
final class RecallCommand implements Callable<Integer> {
  @Spec CommandSpec spec;
  @Mixin IndexOption indexOption;

  @Parameters(arity = "1..*", paramLabel = "QUERY", description = "Query words.")
  List<String> query;

  @Option(names = "--kind", split = ",", paramLabel = "KIND",
      description = "code and/or doc. One kind gives a flat list (n 10); several or none give groups (5 each). "
          + "fact or episode (one at a time) recalls the memory instead (docs/ledger.md).")
  List<String> kinds = new ArrayList<>();

  @Option(names = "--scope", paramLabel = "S",
      description = "fact/episode: global (default), OWNER or OWNER/SESSION.")
  String scope;

  @Option(names = "--no-log", description = "fact/episode: leave this recall out of the recall log.")
  boolean noLog;

  @Option(names = "-n", paramLabel = "N", description = "Hits per kind (at least 1; default 10 for one kind, 5 each "
      + "for several).")
  Integer n;

  @Option(names = "--all-chunks", description = "Return every matching chunk, not only the best one per file.")
  boolean allChunks;

  /** Null when not given: each kind's default (RecallRequest.DEFAULT_MODE, Memory.defaultRecallMode) applies. */
  @Option(names = "--mode", paramLabel = "MODE", descriptionKey = "mode",
      description = "bm25, dense (KNN) or hybrid (BM25 pool and nearest neighbours fused with cosine).")
  String mode;

  @Mixin EmbedderOption embedderOption;
  @Mixin HybridOptions hybrid;

  @Option(names = "--spread", paramLabel = "W", defaultValue = "0",
      description = "Spreading recall: add W x the best score of a hit's import neighbours (docs/graph.md; "
          + "default ${DEFAULT-VALUE}, off).")
  double spread;

  @Option(names = "--where", paramLabel = "FILTER",
      description = "Keep only hits whose dataset metadata passes: lang = \"en\" and year >= 2020 (=, !=, <, <=, >, >=,"
          + " in (...), and, or, not, parentheses; strings quoted, numbers bare; docs/recall.md).")
  String where;

  @Mixin JsonOption json;

  @Override
  public Integer call() {
    if (kinds.stream().anyMatch(RecallView::isMemoryKind)) {
      if (where != null) {
        throw new IllegalArgumentException("--where filters the dataset metadata of code and doc hits, not fact or"
            + " episode; filter memories with weft ledger memory recall --where, got: --where " + where);
      }
      return new MemoryRecall(this).call();
    }
    if (scope != null || noLog) {
      throw new IllegalArgumentException("--scope and --no-log apply to --kind fact or episode only, got: --kind "
          + (kinds.isEmpty() ? "(none: code and doc)" : String.join(",", kinds)));
    }
    Set<Kind> parsed = RecallView.corpusKinds(kinds);
    if (n != null && n < 1) {
      throw new IllegalArgumentException("-n must be at least 1, got: " + n);
    }
    RecallMode recallMode = mode == null ? null : RecallMode.parse(mode);
    RecallRequest request = new RecallRequest(String.join(" ", query), parsed, n == null ? 0 : n, !allChunks,
        recallMode, hybrid.pool, hybrid.embedWeight, hybrid.knn, hybrid.rule(), spread).withWhere(where);
    RecallResult result;
    RecallHits hits = null;
    try (Weft weft = Wefts.open(indexOption.forRead())) {
      result = weft.recall(request, embedderOption.spec);
      if (json.on()) {
        hits = RecallHits.of(weft, result);
      }
    }
    PrintWriter out = spec.commandLine().getOut();
    if (hits != null) {
      hits.note().ifPresent(reason -> spec.commandLine().getErr().println("weft: note: " + reason));
      out.println(Json.write(hits.json()));
    } else {
      for (Hit hit : result.hits()) {
        out.println(tsv(hit));
      }
    }
    return result.isEmpty() ? ExitStatus.NOTHING_FOUND.code() : 0;
  }

  /** One row; text from the corpus (path, format, node type, symbol) is escaped by {@link TsvFields}. */
  static String tsv(Hit hit) {
    String row = TsvFields.row(hit.path(), Lines.of(hit).toString(),
        hit.kind().id(), hit.format(), hit.chunk().nodeType(), hit.chunk().symbol(),
        String.format("%.4f", hit.score()));
    return hit.cosine() == null ? row : row + String.format("\t%.4f", hit.cosine());
  }
}
