package dev.weft.pipelines.ingest;

import java.util.Locale;

/** Which executor chunks and writes a change set. */
public enum RunnerChoice {
  /** In-process for change sets below the threshold, Beam on the Flink runner above it. */
  AUTO,
  /** Threads in this JVM; no Beam start-up. */
  IN_PROCESS,
  /** Beam's DirectRunner (tests, debugging). */
  DIRECT,
  /** Beam's FlinkRunner: {@code --flinkMaster=[local]} by default, or a real cluster. */
  FLINK;

  /** Accepts {@code auto}, {@code inprocess}/{@code in-process}, {@code direct}/{@code DirectRunner}, {@code flink}/{@code FlinkRunner}. */
  public static RunnerChoice parse(String value) {
    String v = value == null ? "" : value.trim().toLowerCase(Locale.ROOT).replace("-", "").replace("_", "");
    return switch (v) {
      case "auto" -> AUTO;
      case "inprocess" -> IN_PROCESS;
      case "direct", "directrunner" -> DIRECT;
      case "flink", "flinkrunner" -> FLINK;
      default -> throw new IllegalArgumentException(
          "runner must be one of auto, inprocess, direct (DirectRunner), flink (FlinkRunner); got: " + value);
    };
  }

  /** This choice for a change set of {@code items}: {@code AUTO} picks Flink at {@code threshold} or more. */
  public RunnerChoice resolve(int items, int threshold) {
    if (this != AUTO) {
      return this;
    }
    return items >= threshold ? FLINK : IN_PROCESS;
  }
}
