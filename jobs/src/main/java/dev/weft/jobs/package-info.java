/**
 * The {@code jobs} module: Weft's front ends over the library facade {@code dev.weft.api.Weft}, and the fat jar.
 * Its packages (docs/design.md, "The jobs module", has the table of who may import whom; {@code LayeringTest} holds
 * it):
 * <ul>
 *   <li>{@code jobs.cli}: the picocli commands of {@code weft} and the helpers only commands use;
 *   <li>{@code jobs.cli.options}: the option mixins several commands share;
 *   <li>{@code jobs.mcp}: {@code weft mcp}'s server, the protocol and the tools;
 *   <li>{@code jobs.entry}: the job mains (CronJob, Flink);
 *   <li>{@code jobs.warm}: the warm server that runs the commands for the launcher;
 *   <li>what the front ends share, importing none of them: {@code jobs.view} (the JSON and TSV shapes and the value
 *       readings), {@code jobs.run} (a failure's one line, the {@code --report} file, a stop on a signal) and
 *       {@code jobs.report} (the run report itself).
 * </ul>
 *
 * <p>Read {@link dev.weft.jobs.cli.WeftCli} first: it lists every command, and its comment the exit codes.
 *
 * <p>No class lives here: this page is the module's plan. Nothing in {@code jobs} imports {@code dev.weft.index}: the
 * front ends reach the index only through the facade, so orchestration never lives here.
 */
package dev.weft.jobs;
