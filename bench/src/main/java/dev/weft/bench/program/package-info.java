/**
 * {@code weft bench program}: the fan-out of a program's {@code map} measured against a model of fixed latency.
 * {@code ProgramBench} times the in-process runner at each concurrency (over real HTTP to the stub chat server, or an
 * in-process {@code Subcall}); {@code BeamProgramBench} runs the same map on each Beam runner, with a crash and resume,
 * and on a Flink session cluster against the stub chat server. {@code InFlightMeter} measures calls in flight as a model
 * server sees them, so wall time is compared with the ideal N × latency ÷ K.
 *
 * <p>Read {@link dev.weft.bench.program.ProgramBench} first.
 *
 * <p>May import: the JDK, Jackson, Beam (options only, to start the pipeline), {@code agents.program},
 * {@code agents.model}, the stub chat server ({@code testkit}, compile scope here alone), {@code pipelines.program.beam},
 * {@code transforms.program}, {@code dev.weft.context} and its packages, {@code models} and {@code dev.weft.bench}.
 * Must not import {@code jobs} ({@code LayeringTest}).
 */
package dev.weft.bench.program;
