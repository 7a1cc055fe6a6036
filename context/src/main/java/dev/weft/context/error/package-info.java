/**
 * The failure taxonomy: {@link dev.weft.context.error.WeftException}, a failure that reaches a user as one line (what
 * happened, which file or value, what to do), and the {@link dev.weft.context.error.ExitStatus} each maps to, the
 * process exit code a scheduler acts on. The named cases ({@code IndexBusyException}, {@code IndexDamagedException},
 * {@code StorageFailureException}) are thrown by the layers that detect them and turned into a line and a status by the
 * CLI, the MCP server and the jobs alike.
 *
 * <p>Read {@link dev.weft.context.error.ExitStatus} first: the codes are documented in docs/cli.md and are never
 * renumbered.
 *
 * <p>May import: the JDK only. Must not import anything of Weft or any library, so that every module can throw and map
 * these.
 */
package dev.weft.context.error;
