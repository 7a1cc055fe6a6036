package dev.weft.jobs.warm.client;

import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Which calls a warm server answers. Short commands that read or incrementally write an index run warm; what is
 * long-lived, talks on stdin, measures itself or brings a Beam runner into the server runs cold, in its own JVM.
 */
public final class WarmPolicy {
  private static final Set<String> WARM = Set.of("recall", "get", "stats", "generations", "check", "rollback",
      "index", "remember", "forget", "memory", "ledger", "report");
  /** Index options that bring Beam (Flink's local cluster, its threads and memory) into the server, or never end. */
  private static final Set<String> COLD_INDEX_OPTIONS = Set.of("--watch", "--flink-master", "--staging",
      "--parallelism", "--beam-option");

  private WarmPolicy() {}

  /** Empty when {@code argv} may run warm; else why it runs cold (printed with --verbose). */
  public static Optional<String> coldReason(List<String> argv) {
    if (argv.isEmpty()) {
      return Optional.of("no command");
    }
    String command = argv.get(0);
    if (!WARM.contains(command)) {
      return Optional.of("`weft " + command + "` runs cold (docs/cli.md, \"Warm server\")");
    }
    if (!command.equals("index")) {
      return Optional.empty();
    }
    for (int i = 1; i < argv.size(); i++) {
      String arg = argv.get(i);
      String name = arg.contains("=") ? arg.substring(0, arg.indexOf('=')) : arg;
      if (COLD_INDEX_OPTIONS.contains(name)) {
        return Optional.of("`weft index " + name + "` runs cold");
      }
      if (name.equals("--runner")) {
        String value = arg.contains("=") ? arg.substring(arg.indexOf('=') + 1)
            : i + 1 < argv.size() ? argv.get(i + 1) : "";
        if (value.equals("direct") || value.equals("flink")) {
          return Optional.of("`weft index --runner " + value + "` runs cold");
        }
      }
    }
    return Optional.empty();
  }
}
