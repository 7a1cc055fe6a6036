/**
 * The {@code weft} command line (picocli): parsing and printing only. Each command turns its options into a facade
 * request, calls {@code dev.weft.api.Weft} (opened through {@code Wefts}, which reads through the index the warm server
 * holds open when the command runs inside it), and prints the result as TSV ({@code TsvFields} makes corpus text safe
 * for a row and a terminal) or JSON; every failure becomes one line on stderr and an exit status through
 * {@code Failures}. Also here, for now: the MCP tools ({@code Mcp*Tools}, over the protocol in {@code jobs.mcp}), the
 * thin {@code bench}, {@code eval} and {@code bench chaos} commands over the {@code bench} module, and the fat jar's
 * main class.
 *
 * <p>Read {@link dev.weft.jobs.cli.WeftCli} first: it lists every command, and its comment the exit codes ({@code
 * dev.weft.context.error.ExitStatus}, docs/cli.md).
 *
 * <p>May import: picocli, Jackson, {@code api} for every operation, {@code bench} for the bench commands, the
 * sub-packages of {@code jobs}, and the value types and registries of lower modules that options and output need
 * ({@code context}, {@code pipelines.ingest}, {@code agents.program}, {@code models.EmbedderSpecs},
 * {@code transforms.chunk.Formats}). Must not import {@code dev.weft.index} ({@code LayeringTest}): the CLI reaches the
 * index only through the facade, so orchestration never lives here.
 */
package dev.weft.jobs;
