package dev.weft.jobs.cli;

import dev.weft.context.IndexLocation;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code weft hook session-start}: Claude Code's SessionStart hook. It starts, each as a process of its own session
 * that outlives the hook, the warm server for the project directory (so the session's {@code weft} calls answer
 * warm; unless {@code WEFT_NO_SERVER=1}) and an incremental {@code weft index} of it, and returns at once with
 * nothing on stdout. Both write to {@code INDEX/hook.log}; a second server for the same key, or an index run while
 * another holds the lock, ends at once and says so there.
 */
@Command(name = "session-start", description = "Claude Code SessionStart hook: starts the warm server and an "
    + "incremental index of the project (the payload's cwd, or --root) in the background and returns at once; their "
    + "output goes to INDEX/hook.log (docs/cli.md, \"weft hook\").")
final class HookSessionStartCommand extends HookCommand.Base {
  /** The log of what the hook started, in the index directory (which its .gitignore keeps out of the work tree). */
  static final String LOG = "hook.log";

  /** Starts one background Weft call; a seam so that tests record what would start instead of starting it. */
  @FunctionalInterface
  interface Starter {
    void start(Path directory, List<String> args, Path log) throws IOException;
  }

  /** What starts the background calls; tests replace it (and put it back). */
  static Starter starter = HookSessionStartCommand::detached;

  @Option(names = "--root", paramLabel = "DIR",
      description = "The tree to index (default: the payload's cwd, where Claude Code runs).")
  Path root;

  @Override
  String event() {
    return "SessionStart";
  }

  @Override
  Optional<String> answer(HookPayload payload) throws IOException {
    Path tree = root != null ? root : payload.cwd() == null ? null : Path.of(payload.cwd());
    if (tree == null || !tree.isAbsolute() || !Files.isDirectory(tree)) {
      throw new IllegalArgumentException("the project to index must be an existing absolute directory (the "
          + "payload's cwd, or --root), got: " + (tree == null ? "none" : tree));
    }
    tree = tree.normalize();
    IndexLocation index = IndexLocation.forWrite(indexOption.index, tree);
    index.createIgnored();
    Path log = index.resolve(LOG);
    if (!"1".equals(System.getenv("WEFT_NO_SERVER"))) {
      starter.start(tree, List.of("serve"), log);
    }
    starter.start(tree, List.of("index", tree.toString(), "--index", index.dir().toString(), "--quiet"), log);
    return Optional.empty();
  }

  /**
   * {@code java -cp CLASSPATH WeftCli ARGS} in {@code directory}, in a session of its own ({@code setsid}: a Ctrl-C
   * in Claude Code's terminal does not reach it), stdin from /dev/null and its output appended to {@code log}. The
   * class path is this JVM's, so the call runs the same Weft as the hook; the launcher's own starter
   * ({@code ServerStarter}, JDK classes only) does the same for the server alone.
   */
  private static void detached(Path directory, List<String> args, Path log) throws IOException {
    List<String> command = new ArrayList<>();
    Path setsid = Path.of("/usr/bin/setsid");
    if (Files.isExecutable(setsid)) {
      command.add(setsid.toString());
    }
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.add("-XX:+UseSerialGC");
    command.addAll(List.of("-cp", System.getProperty("java.class.path"), WeftCli.class.getName()));
    command.addAll(args);
    new ProcessBuilder(command)
        .directory(directory.toFile())
        .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
        .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()))
        .redirectErrorStream(true)
        .start();
  }
}
