package dev.weft.agents.geo;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.weft.agents.tool.ToolResult;
import dev.weft.agents.tool.Toolbox;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.StringJoiner;
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

  /** A polygon of {@code n} positions on a circle around (cx, cy) of radius r degrees (and the closing one). */
  static String circle(double cx, double cy, double r, int n) {
    StringJoiner ring = new StringJoiner(",", "{\"type\":\"Polygon\",\"coordinates\":[[", "]]}");
    for (int i = 0; i <= n; i++) {
      double t = 2 * Math.PI * (i % n) / n;
      ring.add("[" + (cx + r * Math.cos(t)) + "," + (cy + r * Math.sin(t)) + "]");
    }
    return ring.toString();
  }

  /**
   * A polygon with {@code teeth} teeth of height 1 over [0, 1], pointing up, or (mirrored) pointing right: an up
   * comb and a right comb cross at about (2 teeth)² points.
   */
  static String comb(int teeth, boolean up) {
    List<double[]> ring = new ArrayList<>();
    double w = 1.0 / teeth;
    ring.add(new double[] {0, -0.1});
    for (int i = 0; i < teeth; i++) {
      double x = i * w;
      ring.addAll(List.of(new double[] {x, 1}, new double[] {x + w / 2, 1}, new double[] {x + w / 2, 0},
          new double[] {x + w, 0}));
    }
    ring.add(new double[] {1, -0.1});
    ring.add(new double[] {0, -0.1});
    StringJoiner positions = new StringJoiner(",", "{\"type\":\"Polygon\",\"coordinates\":[[", "]]}");
    ring.forEach(p -> positions.add("[" + (up ? p[0] : p[1]) + "," + (up ? p[1] : p[0]) + "]"));
    return positions.toString();
  }

  /** A tool's answered geometry back in JTS, to measure it. */
  static Geometry geometry(JsonNode answer) {
    return GeoJsonGeometry.read(answer.path("geometry"), "result", GeoTools.MAX_POSITIONS).geometry();
  }
}
