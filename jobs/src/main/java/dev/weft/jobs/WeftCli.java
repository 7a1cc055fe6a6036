package dev.weft.jobs;

import dev.weft.index.EmbedderMismatchException;
import dev.weft.index.IndexNotFoundException;
import java.io.PrintWriter;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The {@code weft} command line. Exit codes: 0 ok, 1 nothing found, 2 bad usage or a missing root/index. */
@Command(
    name = "weft",
    mixinStandardHelpOptions = true,
    version = "weft 0.1.0",
    description = "Turns corpora into evidence-backed context for AI agents.",
    subcommands = {
      IndexCommand.class,
      RecallCommand.class,
      GetCommand.class,
      GenerationsCommand.class,
      RollbackCommand.class,
      StatsCommand.class,
      EmbedMissingCommand.class,
      ExportCommand.class,
      BenchCommand.class,
      EvalCommand.class,
      CommandLine.HelpCommand.class
    })
public final class WeftCli implements Runnable {
  public static final int NOTHING_FOUND = 1;
  public static final int BAD_USAGE = 2;

  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Override
  public void run() {
    throw new CommandLine.ParameterException(spec.commandLine(), "a subcommand is required");
  }

  public static void main(String[] args) {
    System.exit(execute(args, new PrintWriter(System.out, true), new PrintWriter(System.err, true)));
  }

  /** Runs the CLI with the given streams; the entry point for tests and the benchmark's whole-process figure. */
  public static int execute(String[] args, PrintWriter out, PrintWriter err) {
    CommandLine cli = new CommandLine(new WeftCli());
    cli.setOut(out);
    cli.setErr(err);
    cli.setExitCodeExceptionMapper(e -> BAD_USAGE);
    cli.setExecutionExceptionHandler((e, commandLine, parseResult) -> {
      if (e instanceof IllegalArgumentException || e instanceof IndexNotFoundException
          || e instanceof EmbedderMismatchException) {
        commandLine.getErr().println("weft: " + e.getMessage());
        return BAD_USAGE;
      }
      throw e;
    });
    return cli.execute(args);
  }
}
