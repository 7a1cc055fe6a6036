package dev.weft.pipelines;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Which executor runs a piece of work — an ingest change set or a program — and, for the two Beam runners, the
 * Beam arguments that select it. One concept for every surface: the CLI's {@code --runner}, the jobs' options, the
 * facade's requests and the MCP {@code runner} argument all parse through {@link #parse} and accept the same
 * spellings.
 */
public enum Runner {
  /** In-process for change sets below a threshold, Beam on the Flink runner at or above it (ingest only). */
  AUTO,
  /** Threads in this JVM; no Beam start-up. */
  INPROCESS,
  /** Beam's DirectRunner (tests, debugging). */
  DIRECT,
  /** Beam's FlinkRunner: {@code --flinkMaster=[local]} unless a cluster is named. */
  FLINK;

  /** The documented spelling: {@code auto}, {@code inprocess}, {@code direct} or {@code flink}. */
  public String id() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** Whether this runner is a Beam pipeline (and so needs {@link #beamArgs}). */
  public boolean isBeam() {
    return this == DIRECT || this == FLINK;
  }

  /**
   * Accepts {@code auto}, {@code inprocess}/{@code in-process}/{@code in_process}, {@code direct}/{@code DirectRunner},
   * {@code flink}/{@code FlinkRunner}, in any case.
   */
  public static Runner parse(String value) {
    String v = value == null ? "" : value.trim().toLowerCase(Locale.ROOT).replace("-", "").replace("_", "");
    return switch (v) {
      case "auto" -> AUTO;
      case "inprocess" -> INPROCESS;
      case "direct", "directrunner" -> DIRECT;
      case "flink", "flinkrunner" -> FLINK;
      default -> throw new IllegalArgumentException(
          "runner must be one of auto, inprocess, direct (DirectRunner), flink (FlinkRunner); got: " + value);
    };
  }

  /**
   * {@link #parse}, refusing {@link #AUTO}: a program has no change-set size to choose by, so it names its runner.
   */
  public static Runner parseExplicit(String value) {
    Runner runner;
    try {
      runner = parse(value);
    } catch (IllegalArgumentException e) {
      runner = AUTO;
    }
    if (runner == AUTO) {
      throw new IllegalArgumentException(
          "runner must be one of inprocess, direct (DirectRunner), flink (FlinkRunner); got: " + value);
    }
    return runner;
  }

  /** This runner for a change set of {@code items}: {@link #AUTO} picks {@link #FLINK} at {@code threshold} or more. */
  public Runner resolve(int items, int threshold) {
    if (this != AUTO) {
      return this;
    }
    return items >= threshold ? FLINK : INPROCESS;
  }

  /**
   * The Beam arguments that select this runner, followed by {@code extra}: {@code --runner=DirectRunner}, or
   * {@code --runner=FlinkRunner} with {@code --flinkMaster=[local]} unless {@code extra} names a master.
   *
   * @throws IllegalStateException for {@link #AUTO} (resolve it first) and {@link #INPROCESS} (not Beam)
   */
  public List<String> beamArgs(List<String> extra) {
    List<String> args = new ArrayList<>();
    switch (this) {
      case DIRECT -> args.add("--runner=DirectRunner");
      case FLINK -> {
        args.add("--runner=FlinkRunner");
        if (extra.stream().noneMatch(a -> a.startsWith("--flinkMaster"))) {
          args.add("--flinkMaster=[local]"); // Flink in this process unless a cluster is named
        }
      }
      default -> throw new IllegalStateException("the " + id() + " runner has no Beam arguments");
    }
    args.addAll(extra);
    return args;
  }
}
