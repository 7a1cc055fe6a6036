/**
 * The warm server ({@code weft serve}, docs/cli.md "Warm server"): one long-lived JVM per {@code ServerKey} (jar build,
 * Java, working directory, environment) that runs the CLI's commands for the launcher's clients on a Unix-domain
 * socket, a thread per connection up to a bound, their stdout and stderr sent back as frames ({@code FrameOutput}), and
 * the indexes it has opened kept between calls in the facade's {@code WeftCache}.
 *
 * <p>Read {@link dev.weft.jobs.warm.WarmServer} first; the protocol and which calls run warm are in
 * {@code jobs.warm.client} ({@code Wire}, {@code WarmPolicy}).
 *
 * <p>May import: the JDK, {@code jobs.warm.client}, {@code api.WeftCache} and {@code jobs.cli} ({@code WeftCli}, which
 * runs the commands, and {@code WriteCommands}, which of them write; {@code weft serve} starts this server, the one
 * pair of packages that import each other). Must not import {@code dev.weft.index} ({@code LayeringTest}); a command behaves the same warm or
 * cold, so nothing command-specific belongs here.
 */
package dev.weft.jobs.warm;
