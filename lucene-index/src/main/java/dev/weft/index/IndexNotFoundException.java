package dev.weft.index;

import dev.weft.context.error.ExitStatus;
import dev.weft.context.error.WeftException;
import java.nio.file.Path;

/** There is no published Weft index where one was expected. */
public final class IndexNotFoundException extends WeftException {
  private final transient Path indexDir;

  public IndexNotFoundException(Path indexDir) {
    super(ExitStatus.BAD_INPUT, "no Weft index at " + indexDir + "; run `weft index` first");
    this.indexDir = indexDir;
  }

  public Path indexDir() {
    return indexDir;
  }
}
