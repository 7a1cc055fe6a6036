/**
 * A program's {@code map} over a large source as a Beam pipeline, on the DirectRunner or the FlinkRunner:
 * {@link dev.weft.pipelines.program.beam.ProgramRunPipeline} reads an index's chunks or a dataset's records, applies the
 * per-piece steps before the map ({@code PieceSteps}), caps the sub-calls in address order, asks the model with at most
 * K calls in flight in the whole job ({@code MapWithModel}), and writes the results as Parquet; stored results make a
 * rerun resume where the last one stopped. The compiler, the plan and the steps after the map are {@code agents}',
 * shared with the in-process runner, so both runners visit the same pieces and give the same answer.
 *
 * <p>Read {@link dev.weft.pipelines.program.beam.ProgramRunPipeline} first, then docs/programs.md.
 *
 * <p>May import: Beam, Jackson, Flink's hashing ({@code FlinkLanes} only, to spread the map's groups over subtasks),
 * {@code transforms.beam}, {@code transforms.program}, {@code transforms.dataset}, {@code transforms.export}, {@code
 * dev.weft.context} and its {@code program} package, {@code agents.program} and {@code pipelines.ingest.beam} (its
 * location options, {@code LocationUri}; {@code FlinkSlots}, a job sized to a session cluster). Must not import {@code
 * api}, {@code bench} or {@code jobs} ({@code LayeringTest}), nor a chat client: the caller hands the pipeline a
 * serializable {@code dev.weft.context.program.Subcall}, whichever model answers it.
 */
package dev.weft.pipelines.program.beam;
