package dev.weft.agents.compact;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;

/** The input schemas of this package's tools, kept as JSON resources beside it ({@code compact/NAME.json}). */
final class ToolSchemas {
  private static final ObjectMapper JSON = new ObjectMapper();

  private ToolSchemas() {}

  /** The schema of tool {@code name}; a missing or broken resource is a defect of the build. */
  static JsonNode of(String name) {
    String resource = name + ".json";
    try (InputStream in = ToolSchemas.class.getResourceAsStream(resource)) {
      if (in == null) {
        throw new IllegalStateException("the input schema of tool '" + name + "' is missing from the jar: "
            + "dev/weft/agents/compact/" + resource + "; rebuild weft-agents");
      }
      return JSON.readTree(in);
    } catch (IOException e) {
      throw new UncheckedIOException("the input schema of tool '" + name + "' (dev/weft/agents/compact/"
          + resource + ") is not JSON: " + e.getMessage(), e);
    }
  }
}
