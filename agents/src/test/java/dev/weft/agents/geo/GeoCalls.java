package dev.weft.agents.geo;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.weft.agents.tool.ToolResult;
import dev.weft.agents.tool.Toolbox;
import java.io.UncheckedIOException;
import org.locationtech.jts.geom.Geometry;

/** Calls geo tools the way a model does: through a {@link Toolbox}, with JSON input, the schema check first. */
final class GeoCalls {
  static final ObjectMapper JSON = new ObjectMapper();
  static final Toolbox TOOLS = GeoTools.toolbox();

  private GeoCalls() {}

  static ToolResult call(String tool, String input) {
    return TOOLS.call(tool, json(input));
  }

  /** The answer of a call that must succeed. */
  static JsonNode ok(String tool, String input) {
    ToolResult result = call(tool, input);
    if (result.error()) {
      throw new AssertionError(tool + " refused " + input + ": " + result.value());
    }
    return result.value();
  }

  /** The error line of a call that must be refused. */
  static String refused(String tool, String input) {
    ToolResult result = call(tool, input);
    if (!result.error()) {
      throw new AssertionError(tool + " accepted " + input + ": " + result.value());
    }
    return result.value().path("error").asText();
  }

  static JsonNode json(String text) {
    try {
      return JSON.readTree(text);
    } catch (JsonProcessingException e) {
      throw new UncheckedIOException(e);
    }
  }

  static String point(double lon, double lat) {
    return "{\"type\":\"Point\",\"coordinates\":[" + lon + "," + lat + "]}";
  }

  /** The axis-aligned square [x, x + side] × [y, y + side] as a GeoJSON Polygon. */
  static String square(double x, double y, double side) {
    double x2 = x + side;
    double y2 = y + side;
    return "{\"type\":\"Polygon\",\"coordinates\":[[[" + x + "," + y + "],[" + x2 + "," + y + "],[" + x2 + "," + y2
        + "],[" + x + "," + y2 + "],[" + x + "," + y + "]]]}";
  }

  /** A tool's answered geometry back in JTS, to measure it. */
  static Geometry geometry(JsonNode answer) {
    return GeoJsonGeometry.read(answer.path("geometry"), "result", GeoTools.MAX_POSITIONS).geometry();
  }
}
