package dev.weft.index;

import dev.weft.context.IndexLocation;
import dev.weft.context.error.ExitStatus;
import dev.weft.context.error.WeftException;

/** There is no published Weft index where one was expected. */
public final class IndexNotFoundException extends WeftException {
  private final transient IndexLocation index;

  public IndexNotFoundException(IndexLocation index) {
    super(ExitStatus.BAD_INPUT, "no Weft index at " + index + "; run `weft index` first");
    this.index = index;
  }

  /** Where no index was found. */
  public IndexLocation location() {
    return index;
  }
}
