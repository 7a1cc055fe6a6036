/**
 * Weft as scheduled jobs: Beam-style {@code main} classes run from the fat jar ({@code java -cp weft.jar
 * dev.weft.jobs.entry.ReindexJob ...}) for a CronJob or a Flink cluster (docs/operations.md): {@code ReindexJob} (an
 * incremental ingest through the facade), {@code ExportJob} and {@code ProgramRunJob}, each with its options interface
 * in Beam's camelCase. {@code JobMain} does what every job does around its work: {@code --help}, Beam's option parse (a
 * bad option is one line and exit 2), the run report, and on failure the counters and the one line on stderr.
 *
 * <p>Read {@link dev.weft.jobs.entry.ReindexJob} first, then {@code JobMain}.
 *
 * <p>May import: Beam's options (the one package outside {@code ..beam..} that may: docs/design.md), {@code api},
 * {@code pipelines.ingest} (its report) and {@code pipelines.ingest.beam} (its options),
 * {@code transforms.beam.ResourcePaths} (the one reading of a path option), {@code transforms.export.ExportFormat},
 * {@code agents.program}, {@code dev.weft.context} and its {@code program} package, {@code jobs.report} and
 * {@code jobs.run} ({@code Failures}, {@code ReportFile}, {@code SignalStop}). Must not import {@code dev.weft.index},
 * a command ({@code jobs.cli}), a tool ({@code jobs.mcp}) or picocli ({@code LayeringTest}), nor orchestrate a run
 * itself: a job is options in, one facade call, a report out.
 */
package dev.weft.jobs.entry;
