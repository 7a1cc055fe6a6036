package dev.weft.api;

import java.util.Locale;

/** Which runner runs a program: in this process, or as a Beam pipeline (DirectRunner, FlinkRunner). */
public enum ProgramExecutor {
  INPROCESS,
  DIRECT,
  FLINK;

  /** {@code inprocess}, {@code direct} or {@code flink}. */
  public String id() {
    return name().toLowerCase(Locale.ROOT);
  }
}
