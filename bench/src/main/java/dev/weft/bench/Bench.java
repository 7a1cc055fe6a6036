package dev.weft.bench;

import java.io.PrintWriter;
import java.nio.file.Path;

/**
 * A benchmark that runs in a work directory: built from options already checked, then run once by
 * {@link WorkDir#run}. A new {@code weft bench NAME} is one of these plus a thin picocli command in jobs listed in
 * {@code BenchCommand}'s subcommands (docs/benchmarks.md, "Adding a benchmark").
 */
public interface Bench {
  /** The name its lines and messages start with, e.g. {@code chaos}. */
  String name();

  /**
   * Runs in {@code work} (empty or holding only this bench's earlier output), printing tab-separated figures to
   * {@code out}.
   *
   * @return the exit code: 0, or 1 when a count the bench checks is not zero
   */
  int run(Path work, PrintWriter out) throws Exception;
}
