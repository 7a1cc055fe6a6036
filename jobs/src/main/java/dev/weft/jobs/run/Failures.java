package dev.weft.jobs.run;

import dev.weft.context.error.ExitStatus;
import dev.weft.context.error.WeftException;
import dev.weft.jobs.view.TsvFields;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;

/**
 * Turns any exception that reaches the CLI into one line on stderr and an {@link ExitStatus}: what happened, which
 * file or value, and what to do. The stack is printed only with {@code --verbose}.
 */
public final class Failures {
  private Failures() {}

  /** Prints the failure and returns the exit code a scheduler can act on. */
  public static int report(Throwable failure, PrintWriter err, boolean verbose) {
    Classified classified = classify(failure);
    err.println("weft: " + TsvFields.printable(classified.line()));
    if (verbose) {
      failure.printStackTrace(err);
    }
    err.flush();
    return classified.status().code();
  }

  public record Classified(ExitStatus status, String line) {}

  public static Classified classify(Throwable failure) {
    // a Weft failure may arrive wrapped (Beam wraps a worker's exception, a future wraps a task's)
    for (Throwable t = failure; t != null; t = t.getCause()) {
      if (t instanceof WeftException weft) {
        return new Classified(weft.status(), weft.getMessage());
      }
    }
    if (failure instanceof IllegalArgumentException) {
      return new Classified(ExitStatus.BAD_INPUT, failure.getMessage());
    }
    for (Throwable t = failure; t != null; t = t.getCause()) {
      if (t instanceof IOException || t instanceof UncheckedIOException) {
        return new Classified(ExitStatus.IO_FAILURE, ioLine(failure, t));
      }
    }
    return new Classified(ExitStatus.INTERNAL, "internal error: " + failure
        + "; rerun with --verbose and report the stack");
  }

  /** The outermost message says what Weft was doing, the I/O cause what the system refused. */
  private static String ioLine(Throwable outer, Throwable io) {
    Throwable root = io;
    while (root.getCause() != null) {
      root = root.getCause();
    }
    String what = outer.getMessage() == null ? outer.getClass().getSimpleName() : outer.getMessage();
    String why = root == outer ? "" : ": " + root;
    return what + why + "; " + wayOut(outer) + " and rerun — nothing half-written was published";
  }

  /** A refused or unanswered connection (a Flink master, an endpoint) is the network's doing, not the disk's. */
  private static String wayOut(Throwable failure) {
    for (Throwable t = failure; t != null; t = t.getCause()) {
      if (t instanceof ConnectException || t instanceof UnknownHostException || t instanceof NoRouteToHostException
          || t instanceof SocketTimeoutException) {
        return "check that the server it names is running and reachable (host, port, network)";
      }
    }
    return "check the disk (free space, permissions)";
  }
}
