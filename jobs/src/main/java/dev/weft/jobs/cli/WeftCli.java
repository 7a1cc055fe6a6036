package dev.weft.jobs.cli;

import dev.weft.api.WeftCache;
import dev.weft.context.error.ExitStatus;
import dev.weft.context.error.Quote;
import dev.weft.jobs.run.Failures;
import dev.weft.jobs.view.TsvFields;
import dev.weft.models.http.SpecDurations;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Supplier;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The {@code weft} command line. Exit codes ({@link dev.weft.context.error.ExitStatus}, docs/cli.md): 0 ok, 1 nothing
 * found, 2 bad usage or input, 3 busy, 4 damaged index, 5 I/O failure, 70 internal error.
 */
@Command(
    name = "weft",
    mixinStandardHelpOptions = true,
    version = "weft 0.1.0",
    // the help lines a command gives a shared option (jobs.cli.options) of its own; every subcommand inherits it
    resourceBundle = "dev.weft.jobs.cli.OptionHelp",
    description = "Turns corpora into evidence-backed context for AI agents.")
public final class WeftCli implements Runnable {

  static final String VERBOSE = "--verbose";

  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @CommandLine.Option(names = VERBOSE, scope = CommandLine.ScopeType.INHERIT,
      description = "On a failure, print the stack trace after the one-line message.")
  boolean verbose;

  @Override
  public void run() {
    throw new CommandLine.ParameterException(spec.commandLine(), "a subcommand is required");
  }

  /**
   * The subcommands, built lazily: picocli reflects over every command it is given, which was a quarter of a
   * {@code weft recall} process, so a known command name gets only its own command; anything else gets all.
   */
  private static final Map<String, Supplier<Object>> COMMANDS = commands();

  private static Map<String, Supplier<Object>> commands() {
    Map<String, Supplier<Object>> commands = new LinkedHashMap<>();
    commands.put("index", IndexCommand::new);
    commands.put("recall", RecallCommand::new);
    commands.put("get", GetCommand::new);
    commands.put("generations", GenerationsCommand::new);
    commands.put("rollback", RollbackCommand::new);
    commands.put("check", CheckCommand::new);
    commands.put("stats", StatsCommand::new);
    commands.put("graph", GraphCommand::new);
    commands.put("impact", ImpactCommand::new);
    commands.put("recent", RecentCommand::new);
    commands.put("embed-missing", EmbedMissingCommand::new);
    commands.put("export", ExportCommand::new);
    commands.put("report", ReportCommand::new);
    MemoryCommands.register(commands);
    commands.put("ledger", LedgerCommand::new);
    commands.put("mcp", McpCommand::new);
    commands.put("program", ProgramCommand::new);
    commands.put("agent", AgentCommand::new);
    commands.put("ask", AskCommand::new);
    commands.put("bench", BenchCommand::new);
    commands.put("eval", EvalCommand::new);
    commands.put("serve", ServeCommand::new);
    commands.put("hook", HookCommand::new);
    return commands;
  }

  private static void addSubcommands(CommandLine cli, String first) {
    Supplier<Object> only = first == null ? null : COMMANDS.get(first);
    if (only != null) {
      cli.addSubcommand(first, only.get());
    } else {
      COMMANDS.forEach((name, command) -> cli.addSubcommand(name, command.get()));
      cli.addSubcommand("help", new CommandLine.HelpCommand());
    }
    // `weft <command> [<subcommand> ...] --help` prints that command's usage, at every depth of the tree
    cli.getSubcommands().values().forEach(WeftCli::withHelp);
  }

  private static void withHelp(CommandLine command) {
    command.getCommandSpec().mixinStandardHelpOptions(true);
    command.getSubcommands().values().forEach(WeftCli::withHelp);
  }

  /** The command tree a call starting with {@code first} gets (every command when null), to read its model without running it. */
  static CommandLine commandTree(String first) {
    CommandLine cli = new CommandLine(new WeftCli());
    addSubcommands(cli, first);
    // a Duration option (--deadline, --call-timeout, --latency) reads as every duration does (docs/cli.md)
    cli.registerConverter(Duration.class, SpecDurations::parse);
    return cli;
  }

  /** Every command, as {@code weft help} sees them: for checks over the whole tree (the hints messages name). */
  static CommandLine tree() {
    return commandTree(null);
  }

  public static void main(String[] args) {
    System.exit(execute(args, new PrintWriter(System.out, true), new PrintWriter(System.err, true)));
  }

  /** Runs the CLI with the given streams; the entry point for tests and the benchmark's whole-process figure. */
  public static int execute(String[] args, PrintWriter out, PrintWriter err) {
    return execute(args, out, err, null);
  }

  /**
   * Runs the CLI for a client of the warm server ({@code dev.weft.jobs.warm}): whether the client has a terminal,
   * not whether the server has one, decides colours and progress.
   */
  public static int execute(String[] args, PrintWriter out, PrintWriter err, boolean clientConsole) {
    int[] exit = new int[1];
    Terminal.runAs(clientConsole, () -> exit[0] = execute(args, out, err, Terminal.ansi(clientConsole)));
    return exit[0];
  }

  /**
   * As {@link #execute(String[], PrintWriter, PrintWriter, boolean)}, the command's indexes read through
   * {@code cache}: the warm server keeps them open between calls (docs/cli.md, "Warm server").
   */
  public static int execute(String[] args, PrintWriter out, PrintWriter err, boolean clientConsole,
      WeftCache cache) {
    int[] exit = new int[1];
    Wefts.runWith(cache, () -> exit[0] = execute(args, out, err, clientConsole));
    return exit[0];
  }

  private static int execute(String[] args, PrintWriter out, PrintWriter err, CommandLine.Help.Ansi ansi) {
    CommandLine cli = commandTree(args.length == 0 ? null : args[0]);
    if (ansi != null) {
      cli.setColorScheme(CommandLine.Help.defaultColorScheme(ansi));
    }
    cli.setOut(out);
    cli.setErr(err);
    // an argument is what the shell passed: `@notes.txt` is that text, never the words of a file picocli reads
    // (options that take a file say so, as --evidence-json=@FILE does, and read it themselves, bounded)
    cli.setExpandAtFiles(false);
    cli.setExitCodeExceptionMapper(e -> ExitStatus.BAD_INPUT.code());
    boolean verbose = Arrays.asList(args).contains(VERBOSE);
    cli.setParameterExceptionHandler((e, ignored) -> usageFailure(e, verbose));
    cli.setExecutionExceptionHandler(
        (e, commandLine, parseResult) -> Failures.report(e, commandLine.getErr(), verbose));
    return cli.execute(args);
  }

  /**
   * A parameter picocli refuses (an unknown option, a missing or malformed value) is one line like every other
   * failure, pointing at the command's own help instead of printing its whole usage: exit 2.
   */
  private static int usageFailure(CommandLine.ParameterException e, boolean verbose) {
    CommandLine command = e.getCommandLine();
    PrintWriter err = command.getErr();
    String message = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    err.println("weft: " + TsvFields.printable(Quote.of(message.strip()) + "; see `"
        + command.getCommandSpec().qualifiedName() + " --help`"));
    if (verbose) {
      e.printStackTrace(err);
    }
    err.flush();
    // a hook's usage error must not block the tool call it guards: Claude Code reads 2 as "block"
    return HookCommand.isHook(command) ? HookCommand.NON_BLOCKING : ExitStatus.BAD_INPUT.code();
  }
}
