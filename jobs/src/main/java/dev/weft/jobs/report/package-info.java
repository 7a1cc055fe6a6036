/**
 * Run reports ({@code --report FILE}, {@code weft report}): {@code RunReport}, what one run did (stages, throughput,
 * counters, dead letters, the failure), recorded from the progress callbacks the CLI already receives ({@code
 * RunRecorder}), written and read as JSON ({@code RunReports}; the schema is {@code run-report.schema.json}, the fields
 * are listed in docs/operations.md, "Run reports"), and rendered as one self-contained HTML page with inline SVG plots
 * ({@code ReportPage}: no script, no network).
 *
 * <p>Read {@link dev.weft.jobs.report.RunReport} first.
 *
 * <p>May import: the JDK, Jackson, {@code dev.weft.context} and its {@code error} package, {@code pipelines.ingest}
 * ({@code IngestReport}, {@code IngestProgress}), {@code agents.program} ({@code RunResult}, {@code MapProgress}) and
 * {@code api} ({@code ProgramOutcome}). Must not import {@code dev.weft.index} ({@code LayeringTest}) or picocli: a
 * report is built from what a run returned, the same for the CLI and the jobs.
 */
package dev.weft.jobs.report;
