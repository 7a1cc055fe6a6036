/**
 * The option mixins several commands share (picocli {@code @Mixin}s and {@code @ArgGroup}s): the index
 * ({@code --index}), the output's form and noise ({@code --json}, {@code --quiet}), the run report file
 * ({@code --report}), the lock wait ({@code --wait}), the generations kept, the Flink cluster
 * ({@code --flink-master}, {@code --parallelism}), a program's source and runner ({@code --env}/{@code --index}/
 * {@code --dataset}, {@code --runner}, {@code --max-concurrent}, ...: program run and ask), the embedder and its batch, hybrid
 * recall's knobs, the chat model of a program, a memory's scope and a ledger record's evidence. Each declares its
 * flags and their help once and reads them into the value the facade takes; the command decides what to do with it.
 * A command whose {@code --json}, {@code --quiet} or {@code --report} says something of its own gives that line
 * under its key in the CLI's bundle ({@code dev/weft/jobs/cli/OptionHelp.properties}, {@code weft.index.json}).
 *
 * <p>Read {@link dev.weft.jobs.cli.options.IndexOption} first.
 *
 * <p>May import: picocli, Jackson, {@code api}, {@code context}, {@code models.EmbedderSpecs} and
 * {@code transforms.vectors.ChunkEmbedder} (the batch default). Must not import a
 * command ({@code jobs.cli}), {@code jobs.mcp}, {@code jobs.entry} or {@code jobs.warm} ({@code LayeringTest}): the
 * commands read the options, never the other way round.
 */
package dev.weft.jobs.cli.options;
