package dev.weft.jobs;

import static dev.weft.jobs.McpCorpusTools.tool;

import dev.weft.agents.program.Compilation;
import dev.weft.api.Weft;
import dev.weft.jobs.mcp.Arguments;
import dev.weft.jobs.mcp.McpTool;
import dev.weft.jobs.mcp.ToolResult;
import java.util.List;

/**
 * The program tools of {@code weft mcp}: program_compile (the plan or every coded error, as {@code weft program
 * compile --json} prints them). A refused program is an answer, not a tool failure: the model reads the codes and
 * pointers and fixes its program.
 */
final class McpProgramTools {
  List<McpTool> tools() {
    return List.of(tool("program_compile", "Compile a Weft program document (docs/programs.md): its plan "
        + "(fingerprint, slots, steps) or every error as {code, pointer, message}; nothing runs.", this::compile));
  }

  private ToolResult compile(Arguments args) {
    Compilation compilation = Weft.programs().compileDocument(args.json("program").toString());
    return ToolResult.of(Json.tree(compilation.ok() ? ProgramCommand.planJson(compilation.planOrThrow())
        : ProgramCommand.errorsJson(compilation.errors())));
  }
}
