/**
 * What every assembled run shares: {@link dev.weft.pipelines.Runner}, the one runner concept ({@code auto},
 * {@code inprocess}, {@code direct}, {@code flink}) that {@code weft index}, {@code weft program run}, the jobs'
 * options, the facade's requests and the MCP {@code runner} argument all parse with the same spellings, and which
 * alone builds the Beam arguments that select a Beam runner.
 *
 * <p>Read {@link dev.weft.pipelines.Runner} first; the runs themselves are in {@code pipelines.ingest} (its Beam side
 * in {@code pipelines.ingest.beam}) and {@code pipelines.program.beam}.
 *
 * <p>May import: the JDK only (a runner is named here, never started); Beam stays in the runs' {@code beam} packages.
 */
package dev.weft.pipelines;
