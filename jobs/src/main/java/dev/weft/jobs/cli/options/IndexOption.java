package dev.weft.jobs.cli.options;

import dev.weft.context.IndexLocation;
import java.nio.file.Path;
import picocli.CommandLine.Option;

/** The {@code --index} option every command shares. */
public final class IndexOption {
  @Option(names = "--index", paramLabel = "DIR",
      description = "Index directory (default: $WEFT_INDEX, else the nearest .weft upward; for `index`, ROOT/.weft).")
  public Path index;

  /** The index a reading command works on. */
  public IndexLocation forRead() {
    return IndexLocation.forRead(index);
  }
}
