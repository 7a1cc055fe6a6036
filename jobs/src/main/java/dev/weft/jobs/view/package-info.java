/**
 * What the CLI and the MCP tools both print and both read: the JSON shapes of a command's {@code --json} (which are
 * the tools' structured results) and the readings of the values both take (kinds, instants, queries). A command and
 * its tool call the same view, so the two cannot drift apart; a tool never calls into a command class
 * ({@code LayeringTest}).
 *
 * <p>Read {@link dev.weft.jobs.view.MemoryView} first.
 *
 * <p>May import: the JDK, Jackson, {@code dev.weft.context}, {@code agents.program}, {@code api} and
 * {@code jobs.report}. Must not import picocli or the command classes of {@code dev.weft.jobs}: a view is built from
 * what the facade returned, the same for every front end.
 */
package dev.weft.jobs.view;
