package dev.weft.jobs.cli;

import dev.weft.jobs.cli.options.IndexOption;
import dev.weft.jobs.run.Failures;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code weft hook}: Weft as Claude Code hooks (docs/agents-clients.md). A hook answers by its exit code as Claude
 * Code reads it, not by Weft's {@link dev.weft.context.error.ExitStatus}: 0 is success (stdout is the hook's
 * output), 2 blocks the tool call and everything else is a non-blocking error shown to the user. A Weft hook only
 * advises, so it exits 0 or {@link #NON_BLOCKING} and never 2, whatever went wrong: a bad flag, bad stdin, a missing
 * index.
 */
@Command(name = "hook", description = "Claude Code hooks: pre-edit (PreToolUse: the impact of the symbols an edit "
    + "touches) and session-start (SessionStart: starts the warm server and an incremental index in the background). "
    + "Exit 0, or 1 with one line on stderr; never 2, which would block the tool call (docs/agents-clients.md).",
    subcommands = {HookPreEditCommand.class, HookSessionStartCommand.class})
final class HookCommand implements Runnable {
  /** Claude Code's non-blocking error: the user sees stderr, the tool call goes ahead. */
  static final int NON_BLOCKING = 1;

  @Spec CommandSpec spec;

  @Override
  public void run() {
    throw new CommandLine.ParameterException(spec.commandLine(), "a subcommand is required: pre-edit or "
        + "session-start");
  }

  /** Whether {@code command} is {@code weft hook} or one of its subcommands, whose usage errors must not block. */
  static boolean isHook(CommandLine command) {
    for (CommandLine c = command; c != null; c = c.getParent()) {
      if (c.getCommand() instanceof HookCommand) {
        return true;
      }
    }
    return false;
  }

  /**
   * What every hook does around its answer: read the payload (stdin, or {@code --input}), answer within the
   * deadline — reading included, since a client that never closes stdin must not hold the edit — and print the
   * answer; past the deadline it prints nothing and exits 0, on any failure it prints one line and exits
   * {@link #NON_BLOCKING}.
   */
  abstract static class Base implements Callable<Integer> {
    @Spec CommandSpec spec;
    @Mixin IndexOption indexOption;

    @Option(names = "--input", paramLabel = "FILE", defaultValue = "-",
        description = "Read the hook's JSON from FILE instead of stdin (-, the default): to try a hook on a saved "
            + "payload.")
    String input;

    @Option(names = "--deadline", paramLabel = "DURATION", defaultValue = "3s",
        description = "Answer within this long, reading stdin included, or print nothing and exit 0 (the tool call "
            + "goes ahead either way): 500ms, 3s, PT3S (default: ${DEFAULT-VALUE}).")
    Duration deadline;

    /** The {@code hook_event_name} this hook is registered under. */
    abstract String event();

    /** Checks the options; throws {@link IllegalArgumentException} naming a bad one. */
    void check() {}

    /** The hook's stdout for {@code payload}, or empty to print nothing. */
    abstract Optional<String> answer(HookPayload payload) throws Exception;

    @Override
    public Integer call() {
      PrintWriter err = spec.commandLine().getErr();
      try {
        check();
        if (deadline.isNegative() || deadline.isZero()) {
          throw new IllegalArgumentException("--deadline must be longer than zero, got: " + deadline);
        }
        FutureTask<Optional<String>> work = new FutureTask<>(() -> answer(read()));
        Thread worker = new Thread(work, "weft-hook-" + event());
        worker.setDaemon(true); // abandoned past the deadline: it must not keep the process alive
        worker.start();
        Optional<String> answer;
        try {
          answer = work.get(deadline.toNanos(), TimeUnit.NANOSECONDS);
        } catch (TimeoutException | CancellationException late) {
          work.cancel(true);
          return 0; // past the deadline the hook says nothing: the edit must not wait on Weft
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          work.cancel(true);
          return 0; // stopped from outside: as past the deadline, nothing to say
        } catch (ExecutionException e) {
          throw e.getCause() instanceof Exception cause ? cause : e;
        }
        answer.ifPresent(spec.commandLine().getOut()::println);
        return 0;
      } catch (Exception e) {
        // one line, as every Weft failure; the code is Claude Code's non-blocking one, never its blocking 2
        Failures.report(e, err, false);
        return NON_BLOCKING;
      }
    }

    private HookPayload read() throws IOException {
      if (input.equals("-")) {
        return HookPayload.read(System.in, event());
      }
      try (InputStream in = Files.newInputStream(Path.of(input))) {
        return HookPayload.read(in, event());
      }
    }
  }
}
