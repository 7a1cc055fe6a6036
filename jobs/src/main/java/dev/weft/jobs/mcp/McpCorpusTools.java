package dev.weft.jobs.mcp;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.weft.api.Generations;
import dev.weft.api.IndexOutcome;
import dev.weft.api.IndexRun;
import dev.weft.api.Lines;
import dev.weft.api.Weft;
import dev.weft.context.Kind;
import dev.weft.context.RecallMode;
import dev.weft.context.RecallRequest;
import dev.weft.context.RecallResult;
import dev.weft.context.error.ExitStatus;
import dev.weft.context.error.WeftException;
import dev.weft.context.memory.MemoryKind;
import dev.weft.context.memory.MemoryQuery;
import dev.weft.context.memory.MemoryRecallResult;
import dev.weft.context.memory.MemoryScope;
import dev.weft.jobs.view.Json;
import dev.weft.jobs.view.MemoryView;
import dev.weft.jobs.view.RecallHits;
import dev.weft.jobs.view.RecallView;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The corpus tools of {@code weft mcp}: index, recall (the memory's too, for kind fact or episode), get, stats and
 * generations. Each takes the CLI command's values and makes its facade call; the results are what the command's
 * {@code --json} prints, as an object.
 */
final class McpCorpusTools {
  private final Weft weft;
  private final McpCorpus corpus;

  McpCorpusTools(Weft weft, McpCorpus corpus) {
    this.weft = weft;
    this.corpus = corpus;
  }

  List<McpTool> tools() {
    return List.of(
        tool("index", "Index the corpus incrementally and publish a new generation (weft index). Without root or "
            + "dataset, the server's corpus (--root, else the tree the index was built from). Returns the run "
            + "report: counters, files and chunks in the index, the generation published.", this::index),
        tool("recall", "Kind-scoped recall (weft recall): hits with path, 1-based lines, kind, symbol and score; "
            + "pass path and lines to get for the text. kind fact or episode recalls the memory instead.",
            this::recall),
        tool("get", "The item fresh from its source (weft get), or with lines exactly one indexed chunk, refused "
            + "when the item changed since it was indexed.", this::get),
        tool("stats", "What the served generation holds (weft stats): files, chunks per kind, vectors, bytes.",
            args -> ToolResult.of(Json.tree(weft.stats()))),
        tool("generations", "The kept generations, newest first, and which one is served (weft generations).",
            args -> generations()));
  }

  static McpTool tool(String name, String description, McpTool.Call call) {
    return new McpTool(name, description, ToolSchemas.load(name), call);
  }

  private ToolResult index(Arguments args) {
    IndexRun.Builder run = corpus.indexRun(args.string("root"), args.string("dataset"));
    if (!args.strings("paths").isEmpty()) {
      run.paths(args.strings("paths"));
    }
    if (args.flag("embed") || args.string("embedder") != null) {
      run.embed(true).embedder(args.string("embedder"));
    }
    Integer wait = args.integer("waitSeconds");
    IndexOutcome outcome = weft.index(run.force(args.flag("force")).rebuild(args.flag("rebuild"))
        .lockWait(Duration.ofSeconds(wait == null ? 0 : wait)).build());
    ObjectNode result = Json.object();
    result.set("ingest", Json.tree(outcome.ingest()));
    result.set("fill", outcome.fill().map(Json::node).orElse(null));
    return ToolResult.of(result);
  }

  private ToolResult recall(Arguments args) {
    List<String> kinds = args.strings("kind").stream()
        .flatMap(k -> List.of(k.split(",")).stream()).map(String::trim).filter(k -> !k.isEmpty()).toList();
    // absent: each kind's own default (bm25 for code and doc; the memory's, hybrid when it carries an embedder)
    RecallMode mode = Optional.ofNullable(args.string("mode")).map(RecallMode::parse).orElse(null);
    Integer n = args.integer("n");
    if (kinds.stream().anyMatch(RecallView::isMemoryKind)) {
      return memoryRecall(args, kinds, mode, n);
    }
    if (args.string("scope") != null) {
      throw new IllegalArgumentException("scope applies to kind fact or episode only, got: kind "
          + (kinds.isEmpty() ? "(none: code and doc)" : String.join(",", kinds)));
    }
    Set<Kind> parsed = RecallView.corpusKinds(kinds);
    RecallResult result = weft.recall(new RecallRequest(args.string("query"), parsed, n == null ? 0 : n,
        !args.flag("allChunks"), mode, RecallRequest.DEFAULT_POOL_SIZE,
        RecallRequest.DEFAULT_EMBED_WEIGHT, RecallRequest.DEFAULT_KNN_CANDIDATES)
        .withSpread(args.number("spread") == null ? 0 : args.number("spread")).withWhere(args.string("where")),
        args.string("embedder"));
    RecallHits hits = RecallHits.of(weft, result);
    ObjectNode out = Json.object();
    out.set(result.flat() ? "hits" : "groups", Json.node(hits.json()));
    hits.note().ifPresent(reason -> out.put("note", reason)); // the CLI's stderr note, where an agent reads it
    return ToolResult.of(out);
  }

  private ToolResult memoryRecall(Arguments args, List<String> kinds, RecallMode mode, Integer n) {
    if (kinds.size() != 1) {
      throw new IllegalArgumentException("fact and episode are ranked apart from each other and from code and doc; "
          + "recall one kind at a time (kind fact or kind episode), got: kind " + String.join(",", kinds));
    }
    if (args.flag("allChunks")) {
      throw new IllegalArgumentException("allChunks applies to code and doc; a memory recall returns records");
    }
    if (args.string("where") != null) {
      throw new IllegalArgumentException("where filters dataset metadata of code and doc hits; a memory recall has"
          + " its own filter (ledger_memory_recall's where), got: where " + args.string("where"));
    }
    if (args.number("spread") != null) {
      throw new IllegalArgumentException("spread applies to code and doc (their import graph); a memory recall has no"
          + " graph, got: spread " + args.number("spread"));
    }
    String scope = args.string("scope");
    MemoryQuery query = new MemoryQuery(args.string("query"), MemoryKind.parse(kinds.get(0)),
        scope == null ? null : MemoryScope.parse(scope), n == null ? MemoryQuery.DEFAULT_LIMIT : n,
        mode, true, RecallRequest.DEFAULT_POOL_SIZE, RecallRequest.DEFAULT_KNN_CANDIDATES,
        RecallRequest.DEFAULT_EMBED_WEIGHT);
    MemoryRecallResult result = weft.memory(args.string("embedder")).recall(query);
    ObjectNode out = Json.object();
    out.set("hits", Json.node(result.hits().stream().map(MemoryView::hit).toList()));
    return ToolResult.of(out);
  }

  private ToolResult get(Arguments args) {
    String path = args.string("path");
    String lines = args.string("lines");
    ObjectNode about = Json.object().put("path", path);
    if (lines == null) {
      return ToolResult.text(weft.get(path), about);
    }
    Lines range = Lines.parse(lines, "lines");
    String chunk = weft.get(path, range).orElseThrow(() -> new WeftException(ExitStatus.NOTHING_FOUND,
        "lines " + lines + " of " + path + " are not an indexed chunk; use the ranges recall returns"));
    return ToolResult.text(chunk, about.put("lines", range.toString()));
  }

  private ToolResult generations() {
    Generations listed = weft.generations();
    ObjectNode out = Json.object().put("served", listed.served());
    out.set("generations", Json.node(listed.kept()));
    listed.requireIntact(); // the damage, as the CLI's one line (exit 4 there, an in-band error here)
    return ToolResult.of(out);
  }
}
