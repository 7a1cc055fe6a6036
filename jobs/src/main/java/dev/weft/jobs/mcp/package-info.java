/**
 * {@code weft mcp}'s server: the protocol, and Weft's operations as its tools. The protocol, with no Weft operation
 * in it: {@link dev.weft.jobs.mcp.McpServer} speaks
 * newline-delimited JSON-RPC 2.0 (initialize, ping, {@code tools/list}, {@code tools/call}, cancellation), checks each
 * call's arguments against the tool's JSON Schema ({@code ToolSchemas}, from the resources
 * {@code dev/weft/jobs/mcp/tools/NAME.json}) with the agents' {@code ToolInput} — the agent toolbox's check, repair
 * and rejection shape — before the call runs, and returns failures in-band. A tool is an {@code McpTool} record
 * (name, description, schema, call). A line longer than the limit is dropped, never held in memory
 * ({@code LineReader}). The tools ({@code Mcp*Tools}, docs/mcp.md) make the facade calls the CLI commands make
 * and return what their {@code --json} prints, built by the same {@code jobs.view} shapes; {@code McpCorpus} keeps the
 * corpus and the roots every path must stay inside, {@code McpBackgroundIndex} the index run on initialize, and
 * {@link dev.weft.jobs.mcp.WeftMcp} puts them together and serves one client ({@code jobs.cli.McpCommand} parses the
 * flags and calls it). {@link dev.weft.jobs.mcp.AgentToolbox} turns a selection of the same tools into the agents'
 * {@code Toolbox}: one definition for {@code weft mcp} and {@code weft agent}; {@code McpEnvTools} lists the agents'
 * environment tools ({@code agents.compact.EnvTools}) rather than a second set.
 *
 * <p>Read {@link dev.weft.jobs.mcp.McpServer} first for the protocol, {@link dev.weft.jobs.mcp.WeftMcp} for the tools.
 *
 * <p>May import: the JDK, Jackson, {@code agents.tool} (the arguments' check, the agent toolbox), {@code context} (a
 * call's {@code CancelSignal}), and, for the tools only, {@code agents.compact} (the environment tools), {@code api}, {@code agents.program}, {@code pipelines} values,
 * {@code jobs.view}, {@code jobs.run} and {@code jobs.report}. The protocol classes ({@code McpServer},
 * {@code McpTool}, {@code ToolSchemas}, {@code Arguments}, {@code ToolResult}, {@code InFlight}, {@code LineReader})
 * know tools only as {@code McpTool}s. Must not import {@code dev.weft.index} or {@code jobs.cli}
 * ({@code LayeringTest}): a tool never calls a command class.
 */
package dev.weft.jobs.mcp;
