package dev.weft.jobs.warm.client;

import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Which calls a warm server answers. Short commands that read or incrementally write an index run warm; what is
 * long-lived, talks on stdin, measures itself or brings a Beam runner into the server runs cold, in its own JVM.
 * So does any call with an argument naming the caller's own stdin, stdout, terminal or file descriptors: in the
 * server those names are the server's files (its stdin is {@code /dev/null}), so the call reads or writes the
 * wrong one. The rule looks at the argument's form only, whichever option carries it.
 */
public final class WarmPolicy {
  private static final Set<String> WARM = Set.of("recall", "get", "stats", "generations", "check", "rollback",
      "index", "remember", "forget", "memory", "ledger", "report");
  /** Index options that bring Beam (Flink's local cluster, its threads and memory) into the server, or never end. */
  private static final Set<String> COLD_INDEX_OPTIONS = Set.of("--watch", "--flink-master", "--staging",
      "--parallelism", "--beam-option");

  /** Names of the calling process's own files; {@code /dev/fd/N} is what {@code <(...)} hands a command. */
  private static final Set<String> CALLER_FILES = Set.of("-", "/dev/stdin", "/dev/stdout", "/dev/stderr",
      "/dev/tty", "/dev/fd", "/proc/self/fd");
  private static final List<String> CALLER_FILE_DIRS = List.of("/dev/fd/", "/proc/self/fd/", "/proc/self/fdinfo/");

  private WarmPolicy() {}

  /**
   * The argument's value names a file of the calling process: {@code -}, {@code /dev/stdin}, {@code /dev/fd/N},
   * ... as the argument itself, after an option's {@code =}, or after a leading {@code @} (a file reference).
   */
  static Optional<String> callerFile(String arg) {
    String value = arg.startsWith("-") && arg.indexOf('=') > 0 ? arg.substring(arg.indexOf('=') + 1) : arg;
    String name = value.startsWith("@") ? value.substring(1) : value;
    return CALLER_FILES.contains(name) || CALLER_FILE_DIRS.stream().anyMatch(name::startsWith)
        ? Optional.of(name) : Optional.empty();
  }

  /** Empty when {@code argv} may run warm; else why it runs cold (printed with --verbose). */
  public static Optional<String> coldReason(List<String> argv) {
    if (argv.isEmpty()) {
      return Optional.of("no command");
    }
    String command = argv.get(0);
    if (!WARM.contains(command)) {
      return Optional.of("`weft " + command + "` runs cold (docs/cli.md, \"Warm server\")");
    }
    for (String arg : argv) {
      Optional<String> own = callerFile(arg);
      if (own.isPresent()) {
        return Optional.of("`" + own.get() + "` names this process's own stdin, stdout or file descriptor");
      }
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
