package dev.weft.jobs.mcp;

import static dev.weft.jobs.mcp.McpCorpusTools.tool;

import dev.weft.api.Weft;
import dev.weft.context.error.ExitStatus;
import dev.weft.context.error.Quote;
import dev.weft.context.error.WeftException;
import dev.weft.context.memory.MemoryAuthor;
import dev.weft.context.memory.MemoryKind;
import dev.weft.context.memory.MemoryRecord;
import dev.weft.context.memory.MemoryScope;
import dev.weft.context.memory.Remember;
import dev.weft.jobs.view.Json;
import dev.weft.jobs.view.MemoryView;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The memory tools of {@code weft mcp}: remember, forget, memory_get, memory_list and memory_count (the memory's
 * recall is {@code recall} with kind fact or episode). The commands' values, facade calls and JSON.
 */
final class McpMemoryTools {
  private final Weft weft;

  McpMemoryTools(Weft weft) {
    this.weft = weft;
  }

  List<McpTool> tools() {
    return List.of(
        tool("remember", "Remember text under an id in a scope, replacing what the id held (weft remember): a "
            + "fact (default), an episode or a doc, by agent (default) or human.", this::remember),
        tool("forget", "Forget an id and its id#n segments, or in bulk every record of a kind and/or author "
            + "(weft forget); returns how many went (0 is not an error).", this::forget),
        tool("memory_get", "The memory record of an id in a scope (weft memory get).", this::get),
        tool("memory_list", "Memory records in insertion order a page at a time (next continues after), or with "
            + "recent the newest first (weft memory list).", this::list),
        tool("memory_count", "How many memory records a scope holds, of a kind when given (weft memory count).",
            this::count));
  }

  private static MemoryScope scope(Arguments args) {
    String scope = args.string("scope");
    return scope == null ? null : MemoryScope.parse(scope);
  }

  private ToolResult remember(Arguments args) {
    String meta = args.json("meta") == null ? null : args.json("meta").toString();
    Remember options = new Remember(MemoryKind.parse(Optional.ofNullable(args.string("kind")).orElse("fact")),
        MemoryAuthor.parse(Optional.ofNullable(args.string("by")).orElse("agent")),
        MemoryView.instant(args.string("occurredAt")), meta == null ? null : MemoryView.object(meta),
        scope(args));
    return ToolResult.of(Json.tree(MemoryView.remembered(weft.memory(args.string("embedder"))
        .remember(args.string("id"), args.string("text"), options))));
  }

  private ToolResult forget(Arguments args) {
    int forgotten = MemoryView.forget(weft.memory(null), args.string("id"), args.string("kind"),
        args.string("by"), scope(args));
    return ToolResult.of(Json.tree(Map.of("forgot", forgotten)));
  }

  private ToolResult get(Arguments args) {
    String id = args.string("id");
    MemoryRecord record = weft.memoryToRead(null).get(id, scope(args)).orElseThrow(() -> new WeftException(
        ExitStatus.NOTHING_FOUND, "no memory '" + Quote.of(id) + "' in scope "
            + Optional.ofNullable(args.string("scope")).orElse("global") + "; memory_list shows what is there"));
    return ToolResult.of(Json.tree(MemoryView.record(record)));
  }

  private ToolResult list(Arguments args) {
    Long after = args.longValue("after");
    Integer n = args.integer("n");
    return ToolResult.of(Json.tree(MemoryView.page(MemoryView.page(weft.memoryToRead(null),
        scope(args), args.string("kind"), args.flag("recent"), after == null ? 0 : after, n == null ? 100 : n))));
  }

  private ToolResult count(Arguments args) {
    String kind = args.string("kind");
    long count = weft.memoryToRead(null).count(scope(args), kind == null ? null : MemoryKind.parse(kind));
    return ToolResult.of(Json.tree(Map.of("count", count)));
  }
}
