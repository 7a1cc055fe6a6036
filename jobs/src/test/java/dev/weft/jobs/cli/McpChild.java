package dev.weft.jobs.cli;

import dev.weft.jobs.mcp.WeftMcp;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** The command line of a child JVM running {@code weft mcp} from the test classpath. */
final class McpChild {
  private McpChild() {}

  static String java() {
    return Path.of(System.getProperty("java.home"), "bin", "java").toString();
  }

  static List<String> command(Path index, Path root) {
    return new ArrayList<>(List.of(java(), "-cp", System.getProperty("java.class.path"), WeftCli.class.getName(),
        "mcp", "--index", index.toString(), "--root", root.toString()));
  }

  /** Starts {@code command}, stderr into {@code err}. */
  static Process start(List<String> command, Path err, java.util.Map<String, String> env) throws IOException {
    ProcessBuilder builder = new ProcessBuilder(command).redirectError(err.toFile());
    builder.environment().remove(WeftMcp.NO_BACKGROUND_INDEX);
    builder.environment().remove("WEFT_INDEX");
    builder.environment().putAll(env);
    return builder.start();
  }
}
