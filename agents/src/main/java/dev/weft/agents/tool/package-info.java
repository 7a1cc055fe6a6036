/**
 * Tools a model may call. Read {@link dev.weft.agents.tool.Toolbox} first: tools are added with a name, a
 * description and an input JSON Schema, and a call answers a {@link dev.weft.agents.tool.ToolResult} — an error
 * value the model reads, never an exception, for anything the model got wrong. Imports the chat model types and
 * context; no Beam, no Lucene.
 */
package dev.weft.agents.tool;
