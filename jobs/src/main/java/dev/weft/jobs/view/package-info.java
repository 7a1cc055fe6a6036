/**
 * What the CLI and the MCP tools both print and both read: the JSON shapes of a command's {@code --json} (which are
 * the tools' structured results), written by the one JSON writer ({@code Json}); a TSV field made safe for a row and a
 * terminal ({@code TsvFields}); recall's hits with their git activity ({@code RecallHits}); and the readings of the
 * values both take (kinds, instants, queries, a program's runner). A command and its tool call the same view, so the
 * two cannot drift apart; a tool never calls into a command class ({@code LayeringTest}).
 *
 * <p>Read {@link dev.weft.jobs.view.MemoryView} first.
 *
 * <p>May import: the JDK, Jackson, {@code dev.weft.context}, {@code agents.program}, {@code api} and
 * {@code jobs.report}, {@code pipelines.Runner}. Must not import picocli, {@code jobs.cli}, {@code jobs.mcp},
 * {@code jobs.entry}, {@code jobs.warm} or {@code jobs.run} ({@code LayeringTest}): a view is built from what the facade
 * returned, the same for every front end.
 */
package dev.weft.jobs.view;
