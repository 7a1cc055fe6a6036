package dev.weft.jobs.cli;

import dev.weft.api.Weft;
import dev.weft.api.WeftCache;
import dev.weft.context.IndexLocation;

/**
 * How a command opens the facade: its own {@link Weft} in a process of its own; in the warm server, one reading
 * through the index the server holds open ({@link WeftCache}), so that a call does not open it anew. Either way the
 * command closes it when done, and prints the same.
 */
final class Wefts {
  private static final ThreadLocal<WeftCache> SERVER_CACHE = new ThreadLocal<>();

  private Wefts() {}

  static Weft open(IndexLocation index) {
    WeftCache cache = SERVER_CACHE.get();
    return cache == null ? Weft.open(index) : cache.open(index);
  }

  /** Runs a command whose Wefts come from {@code cache} (the calling thread's, for that command only). */
  static void runWith(WeftCache cache, Runnable command) {
    SERVER_CACHE.set(cache);
    try {
      command.run();
    } finally {
      SERVER_CACHE.remove();
    }
  }
}
