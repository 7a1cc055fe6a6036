/**
 * What every front end (a command, an MCP tool, a job main) does around one run: turning whatever it threw into one
 * line and an exit status ({@code Failures}), writing the {@code --report} file once the run ends, published or failed
 * ({@code ReportFile}, over {@code jobs.report}), and stopping cleanly on Ctrl-C or SIGTERM ({@code SignalStop}).
 *
 * <p>Read {@link dev.weft.jobs.run.Failures} first.
 *
 * <p>May import: the JDK ({@code sun.misc.Signal} for the stop), {@code api} and {@code context} values,
 * {@code jobs.report} and {@code jobs.view}. Must not import a front end ({@code jobs.cli}, {@code jobs.mcp},
 * {@code jobs.entry}, {@code jobs.warm}) or picocli ({@code LayeringTest}).
 */
package dev.weft.jobs.run;
