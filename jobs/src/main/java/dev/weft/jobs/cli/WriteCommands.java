package dev.weft.jobs.cli;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import picocli.CommandLine;

/**
 * Which calls may write, read from {@link Writes} on the command tree, and the line a client prints when such a
 * call's outcome is unknown. The walk looks at argv only (no option is converted, no file read): subcommand names
 * lead to the command; for a command with write actions any later argument naming one counts, which may take a
 * read for a write (only costing its cold fallback) but never a write for a read.
 */
public final class WriteCommands {
  /**
   * The command trees by first argument, built once: a warm server asks on every call, and building a command's
   * model is picocli's reflection. Only read here, never parsed with. The server asks only for the commands it runs
   * warm, so the map stays that small.
   */
  private static final Map<String, CommandLine> TREES = new ConcurrentHashMap<>();

  private WriteCommands() {}

  /** Empty when {@code argv} only reads; else the one line a client prints when its outcome is unknown. */
  public static Optional<String> unknownOutcome(List<String> argv) {
    if (argv.isEmpty()) {
      return Optional.empty();
    }
    CommandLine at = TREES.computeIfAbsent(argv.get(0), WeftCli::commandTree);
    StringBuilder path = new StringBuilder("weft");
    int i = 0;
    for (; i < argv.size(); i++) {
      CommandLine sub = at.getSubcommands().get(argv.get(i));
      if (sub != null) {
        at = sub;
        path.append(' ').append(argv.get(i));
      } else if (!argv.get(i).startsWith("-")) {
        break; // the command's first positional
      }
    }
    Writes writes = at.getCommandSpec().userObject().getClass().getAnnotation(Writes.class);
    if (writes == null) {
      return Optional.empty();
    }
    if (writes.actions().length > 0) {
      List<String> rest = argv.subList(i, argv.size());
      Optional<String> action = List.of(writes.actions()).stream().filter(rest::contains).findFirst();
      if (action.isEmpty()) {
        return Optional.empty();
      }
      path.append(' ').append(action.get());
    }
    return Optional.of("weft: `" + path + "` may or may not have been applied: the warm server took it, then "
        + "stopped answering; it was not run a second time — check with `" + writes.check()
        + "` before running it again");
  }
}
