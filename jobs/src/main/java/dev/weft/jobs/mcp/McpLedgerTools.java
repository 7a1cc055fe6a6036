package dev.weft.jobs.mcp;

import static dev.weft.jobs.mcp.McpCorpusTools.tool;

import dev.weft.api.Weft;
import dev.weft.context.jq.JqBounds;
import dev.weft.context.ledger.WriteResult;
import dev.weft.jobs.view.Json;
import dev.weft.jobs.view.LedgerView;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The ledger tools of {@code weft mcp}: the goal (set, status, progress, compose) and evidenced memories (add,
 * recall), as {@code weft ledger goal ...} and {@code weft ledger memory ...} make them.
 */
final class McpLedgerTools {
  private final Weft weft;
  private final JqBounds jq;

  McpLedgerTools(Weft weft, JqBounds jq) {
    this.weft = weft;
    this.jq = jq;
  }

  List<McpTool> tools() {
    return List.of(
        tool("ledger_goal_set", "Set the one active objective, replacing the goal before it (weft ledger goal set); "
            + "returns its address.", args -> ToolResult.of(Json.tree(Map.of("id",
                weft.ledger(null).setGoal(args.string("objective")))))),
        tool("ledger_goal_status", "Move the current goal to active, paused, completed or cleared (weft ledger "
            + "goal status); returns the goal.", args -> ToolResult.of(Json.tree(
                weft.ledger(null).setGoalStatus(args.string("status"))))),
        tool("ledger_goal_progress", "Append a progress note with its evidence to the active goal (weft ledger "
            + "goal progress); returns the entry's id, and the checkpoint when the note crossed a goal limit.",
            args -> ToolResult.of(Json.tree(LedgerView.progress(weft.ledger(null)
                .appendProgress(args.string("note"), args.json("evidence")))))),
        tool("ledger_goal_compose", "The active goal as text for a system prompt (weft ledger goal show); "
            + "active false and the refusal as text when there is none.",
            args -> ToolResult.of(Json.tree(weft.ledger(null).composeGoal()))),
        tool("ledger_memory_add", "Add a memory backed by evidence (a source, a quote, file:line, or a "
            + "claim-evidence envelope) to the ledger (weft ledger memory add); returns its address.",
            this::addMemory),
        tool("ledger_memory_recall", "Recall ledger memories, newest first, narrowed by tags, a jq predicate "
            + "(where), similarity to text (near, needs embedder) and a score floor (weft ledger memory recall).",
            this::recallMemories));
  }

  private ToolResult addMemory(Arguments args) {
    WriteResult written = weft.ledger(null).addMemory(args.string("text"), new HashSet<>(args.strings("tags")),
        args.json("evidence"));
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("id", written.id());
    written.embedFailure().ifPresent(why -> out.put("embedFailure", why));
    return ToolResult.of(Json.tree(out));
  }

  private ToolResult recallMemories(Arguments args) {
    Integer n = args.integer("n");
    return ToolResult.of(Json.tree(LedgerView.recalled(weft.ledger(args.string("embedder")).recall(
        LedgerView.query(n == null ? 10 : n, args.strings("tags"), args.string("where"),
            args.string("near"), args.number("minScore")), jq, args.cancel()))));
  }
}
