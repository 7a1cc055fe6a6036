package dev.weft.api;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Finds the index a caller works on: the explicit directory ({@code --index}) when given, else {@code $WEFT_INDEX},
 * else for reading the nearest {@code .weft} directory from the working directory upward (as git finds
 * {@code .git}), for writing {@code ROOT/.weft}. The CLI, an MCP server and a job all find an index the same way.
 */
public final class IndexLocation {
  public static final String DEFAULT_NAME = ".weft";

  private IndexLocation() {}

  /** The index to read: {@code explicit}, else {@code $WEFT_INDEX}, else the nearest {@code .weft} upward. */
  public static Path forRead(Path explicit) {
    if (explicit != null) {
      return directory(explicit, "--index");
    }
    String env = System.getenv("WEFT_INDEX");
    if (env != null && !env.isBlank()) {
      return directory(Path.of(env), "$WEFT_INDEX");
    }
    Path cwd = Path.of("").toAbsolutePath();
    for (Path dir = cwd; dir != null; dir = dir.getParent()) {
      Path candidate = dir.resolve(DEFAULT_NAME);
      if (Files.isDirectory(candidate)) {
        return candidate;
      }
    }
    return cwd.resolve(DEFAULT_NAME);
  }

  /**
   * The index a run over {@code root} writes: {@code explicit}, else {@code $WEFT_INDEX}, else {@code root/.weft}
   * (for a dataset, the working directory's {@code .weft}).
   */
  public static Path forWrite(Path explicit, Path root) {
    if (explicit != null) {
      return directory(explicit, "--index");
    }
    String env = System.getenv("WEFT_INDEX");
    if (env != null && !env.isBlank()) {
      return directory(Path.of(env), "$WEFT_INDEX");
    }
    return directory(root.resolve(DEFAULT_NAME), "the index directory");
  }

  /** An index is a directory: a file where one belongs is bad input, named, not a stack trace from deep inside. */
  private static Path directory(Path index, String source) {
    if (Files.exists(index) && !Files.isDirectory(index)) {
      throw new IllegalArgumentException(source + " must be an index directory, got a file: " + index
          + "; pass a directory (created when missing)");
    }
    return index;
  }
}
