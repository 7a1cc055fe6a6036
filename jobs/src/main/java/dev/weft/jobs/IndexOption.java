package dev.weft.jobs;

import dev.weft.context.IndexLocation;
import java.nio.file.Path;
import picocli.CommandLine.Option;

/** The {@code --index} option every command shares. */
final class IndexOption {
  @Option(names = "--index", paramLabel = "DIR",
      description = "Index directory (default: $WEFT_INDEX, else the nearest .weft upward; for `index`, ROOT/.weft).")
  Path index;

  /** The index a reading command works on. */
  IndexLocation forRead() {
    return IndexLocation.forRead(index);
  }
}
