/**
 * The Model Context Protocol over stdio, with no Weft operation in it: {@link dev.weft.jobs.mcp.McpServer} speaks
 * newline-delimited JSON-RPC 2.0 (initialize, ping, {@code tools/list}, {@code tools/call}, cancellation), checks each
 * call's arguments against the tool's JSON Schema (from the resources {@code dev/weft/jobs/mcp/tools/NAME.json},
 * {@code ToolSchemas}) with the agents' {@code ToolInput} — the agent toolbox's check, repair and rejection shape —
 * before the call runs, and returns failures in-band. A tool is an {@code McpTool} record (name, description, schema,
 * call); the tools themselves are defined in {@code dev.weft.jobs} ({@code weft mcp}, docs/mcp.md).
 *
 * <p>Read {@link dev.weft.jobs.mcp.McpServer} first.
 *
 * <p>May import: the JDK, Jackson, {@code agents.tool} (the arguments' check) and {@code context.program} (a
 * call's {@code CancelSignal}). Must not import {@code api}, {@code dev.weft.index} or any command class: the
 * protocol knows tools only as {@code McpTool}s. A line longer than the limit is dropped, never held in memory
 * ({@code LineReader}).
 */
package dev.weft.jobs.mcp;
