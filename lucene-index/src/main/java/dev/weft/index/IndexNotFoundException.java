package dev.weft.index;

import java.nio.file.Path;

/** There is no published Weft index where one was expected. */
public final class IndexNotFoundException extends RuntimeException {
  private final Path indexDir;

  public IndexNotFoundException(Path indexDir) {
    super("no Weft index at " + indexDir + "; run `weft index` first");
    this.indexDir = indexDir;
  }

  public Path indexDir() {
    return indexDir;
  }
}
