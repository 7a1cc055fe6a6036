package dev.weft.jobs.cli;

import picocli.CommandLine.Help.Ansi;

/**
 * Whether the caller of a command sits at a terminal: its own JVM's console, or for a command a warm server runs
 * the console of the client that asked for it (the server has none), so that progress and colours are what the
 * caller's own process would print.
 */
final class Terminal {
  private static final ThreadLocal<Boolean> CLIENT_CONSOLE = new ThreadLocal<>();

  private Terminal() {}

  static boolean interactive() {
    Boolean client = CLIENT_CONSOLE.get();
    return client != null ? client : System.console() != null;
  }

  static void runAs(boolean console, Runnable command) {
    CLIENT_CONSOLE.set(console);
    try {
      command.run();
    } finally {
      CLIENT_CONSOLE.remove();
    }
  }

  /**
   * picocli's {@code Ansi.AUTO} decided with the client's terminal: the server shares the caller's environment (its
   * key holds it), so only the terminal differs. Without one, AUTO gives what the caller's process would; with one,
   * colours unless {@code NO_COLOR} or {@code CLICOLOR=0} (picocli's rules on a Unix terminal).
   */
  static Ansi ansi(boolean console) {
    if (!console || System.getProperty("picocli.ansi") != null) {
      return Ansi.AUTO;
    }
    if (System.getenv("NO_COLOR") != null) {
      return Ansi.OFF;
    }
    String force = System.getenv("CLICOLOR_FORCE");
    if (force != null && !force.equals("0")) {
      return Ansi.ON;
    }
    return "0".equals(System.getenv("CLICOLOR")) ? Ansi.OFF : Ansi.ON;
  }
}
