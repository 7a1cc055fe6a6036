package dev.weft.jobs.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.weft.agents.tool.Toolbox;
import dev.weft.api.Weft;
import dev.weft.jobs.run.Failures;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The ready Weft toolbox for an agent: a named selection of {@code weft mcp}'s tools, turned into an agents
 * {@link Toolbox} with the same names, descriptions and input schemas. One definition serves both: the toolbox
 * checks a call with the same {@code ToolInput} the server uses (the same repair, the same rejection), and runs
 * the same {@link McpTool#call}. What the agent's model reads (docs/agents.md, "Surfaces"):
 * <ul>
 *   <li>a tool that answers data (its text is the JSON of its {@code structuredContent}): that object;
 *   <li>a tool that answers text with data about it ({@code get}: the chunk, its path and lines): the data with
 *       the text as its {@code text} member;
 *   <li>a tool that fails: the toolbox's {@code {error}} with the line {@code weft mcp} would send
 *       ({@link Failures}), so the model reads the same words.
 * </ul>
 */
public final class AgentToolbox {
  /** The tools an agent gets, in this order: reading the corpus, the graph, the memory and ledger, programs, env. */
  public static final List<String> SELECTION = List.of("recall", "get", "impact", "graph_node", "graph_related",
      "remember", "ledger_memory_recall", "program_compile", "program_run", "env_grep", "env_read", "env_peek");

  private AgentToolbox() {}

  /** The selection over {@code weft}: the tools {@code weft mcp} would list for it with {@code settings}. */
  public static Toolbox of(Weft weft, McpCorpus corpus, WeftMcp.Settings settings) {
    return of(WeftMcp.tools(weft, corpus, settings));
  }

  /**
   * The {@link #SELECTION} of {@code tools} as a toolbox.
   *
   * @throws IllegalStateException when a selected tool is missing from {@code tools} (a defect of the build)
   */
  static Toolbox of(List<McpTool> tools) {
    Map<String, McpTool> byName = new LinkedHashMap<>();
    tools.forEach(t -> byName.put(t.name(), t));
    Toolbox toolbox = new Toolbox();
    for (String name : SELECTION) {
      McpTool tool = byName.get(name);
      if (tool == null) {
        throw new IllegalStateException("the Weft toolbox selects '" + name + "', which weft mcp does not list");
      }
      toolbox.add(tool.name(), tool.description(), tool.inputSchema(), input -> value(tool, input));
    }
    return toolbox;
  }

  private static JsonNode value(McpTool tool, JsonNode input) {
    ToolResult result;
    try {
      result = tool.call().apply(new Arguments(input));
    } catch (RuntimeException e) {
      throw new ToolFailed(Failures.classify(e).line(), e);
    }
    return value(result);
  }

  /** What the agent's model reads for {@code result} (the class comment's rules). */
  static JsonNode value(ToolResult result) {
    ObjectNode structured = result.structured();
    if (structured == null) {
      return ToolResult.object().put("text", result.text());
    }
    if (result.text().equals(structured.toString())) {
      return structured;
    }
    ObjectNode withText = structured.deepCopy();
    withText.put("text", result.text());
    return withText;
  }

  /** A tool's failure as the line the MCP server would send; the toolbox answers it as {@code {error}}. */
  static final class ToolFailed extends RuntimeException {
    ToolFailed(String line, Throwable cause) {
      super(line, cause);
    }
  }
}
