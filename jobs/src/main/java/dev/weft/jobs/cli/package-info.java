/**
 * The {@code weft} command line (picocli): parsing and printing only. Each command turns its options into a facade
 * request, calls {@code dev.weft.api.Weft}, and prints the result as TSV or JSON (the shapes of {@code jobs.view}); every
 * failure becomes one line on stderr and an exit status ({@code jobs.run.Failures}). Also here: the thin {@code bench},
 * {@code eval} and {@code bench chaos} commands over the {@code bench} module, {@code weft mcp}'s command (its flags;
 * the server and the tools are {@code jobs.mcp}'s), {@code weft serve}'s, and the fat jar's main class.
 *
 * <p>A command opens the facade with {@link dev.weft.jobs.cli.Wefts#open}, never {@code Weft.open}: the one rule, and
 * its exceptions, are in docs/design.md, "Opening the facade in jobs".
 *
 * <p>Read {@link dev.weft.jobs.cli.WeftCli} first: it lists every command, and its comment the exit codes ({@code
 * dev.weft.context.error.ExitStatus}, docs/cli.md).
 *
 * <p>May import: picocli, Jackson, {@code api} for every operation, {@code bench} for the bench commands, every other
 * package of {@code jobs} ({@code jobs.warm} only for {@code weft serve}), and the value types and registries of
 * lower modules that options and output need ({@code context}, {@code pipelines.ingest}, {@code agents.program},
 * {@code models.EmbedderSpecs}, {@code transforms.chunk.Formats}). Must not import {@code dev.weft.index}
 * ({@code LayeringTest}). Nothing outside it imports a command but {@code jobs.warm}, which runs them.
 */
package dev.weft.jobs.cli;
