package dev.weft.index;

import dev.weft.context.error.ExitStatus;
import dev.weft.context.error.WeftException;

/** A path asked for by {@code get} is not a file of the served generation. */
public final class PathNotIndexedException extends WeftException {
  private final String path;

  public PathNotIndexedException(String path, long generation) {
    super(ExitStatus.NOTHING_FOUND, "no such file in the index: " + path + " is not in generation " + generation
        + "; recall to find indexed paths, or re-run `weft index` if it is new");
    this.path = path;
  }

  public String path() {
    return path;
  }
}
