/**
 * Tools a model may call. Read {@link dev.weft.agents.tool.Toolbox} first: tools are added with a name, a
 * description and an input JSON Schema (2020-12), and a call answers a {@link dev.weft.agents.tool.ToolResult} — an
 * error value the model reads, never an exception, for anything the model got wrong. {@link
 * dev.weft.agents.tool.ToolInput} is the one check of a call's input (validation, the repair of JSON-encoded
 * structure, the eight-error rejection) that the Toolbox and the MCP server ({@code dev.weft.jobs.mcp}) share.
 * Imports the chat model types ({@code agents.model}), Jackson and networknt json-schema-validator; no Beam, no
 * Lucene.
 */
package dev.weft.agents.tool;
