package dev.weft.agents.geo;

import com.fasterxml.jackson.databind.JsonNode;
import dev.weft.agents.model.ToolDefinition;
import dev.weft.agents.tool.ToolFunction;
import dev.weft.agents.tool.Toolbox;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Collectors;
import org.locationtech.jts.geom.Geometry;

/**
 * The geo toolbox: a closed, ready set of spatial tools over GeoJSON the model was given (docs/agents.md, "Geo
 * toolbox"). Every tool's input schema refers to the one GeoJSON schema of this package ({@link GeoSchemas}), so a
 * position out of range is refused by the toolbox's check, with its pointer, before a tool runs. Distances and
 * areas are geodesic on WGS84 (GeographicLib); shapes are computed by JTS in longitude/latitude, as RFC 7946 draws
 * them, and buffers in metres.
 *
 * <pre>{@code
 * Toolbox tools = GeoTools.toolbox();            // or GeoTools.addTo(existingToolbox)
 * Agent agent = weft.agent(options, tools);
 * }</pre>
 */
public final class GeoTools {
  public static final String DISTANCE = "geo_distance";
  public static final String WITHIN = "geo_within";
  public static final String BBOX = "geo_bbox";
  public static final String GEOHASH = "geo_geohash";
  public static final String NEIGHBOURS = "geo_neighbours";
  public static final String PARSE_WKT = "geo_parse_wkt";
  public static final String TO_WKT = "geo_to_wkt";
  public static final String UNION = "geo_union";
  public static final String INTERSECTION = "geo_intersection";
  public static final String DIFFERENCE = "geo_difference";
  public static final String BUFFER = "geo_buffer";

  /** The most positions one input (or one result) may hold. */
  public static final int MAX_POSITIONS = 20_000;
  /** The longest WKT geo_parse_wkt reads (its schema's maxLength too). */
  public static final int MAX_WKT_CHARS = 1_000_000;
  /** The farthest a buffer grows or shrinks, in metres (its schema's bound too). */
  public static final int MAX_BUFFER_METRES = 1_000_000;
  /** The farthest a buffered geometry may reach from the centre of its bounding box, in metres. */
  public static final int MAX_BUFFER_EXTENT_METRES = 2_000_000;
  public static final int MAX_BUFFER_SEGMENTS = 32;
  public static final int DEFAULT_BUFFER_SEGMENTS = 8;

  /** One tool: what the toolbox is given for it. */
  public record GeoTool(String name, String description, JsonNode inputSchema, ToolFunction function) {
    public GeoTool {
      Objects.requireNonNull(name, "name");
      Objects.requireNonNull(description, "description");
      Objects.requireNonNull(inputSchema, "inputSchema");
      Objects.requireNonNull(function, "function");
    }
  }

  private static final List<GeoTool> TOOLS = List.of(
      tool(DISTANCE, "Geodesic distance in metres (WGS84) between a and b, each GeoJSON; a non-point geometry is "
          + "measured from its representative position (a point on it), which the answer names.",
          GeoMeasures::distance),
      tool(WITHIN, "Whether GeoJSON a lies inside b (its edge counts as inside); b must be a Polygon or "
          + "MultiPolygon, the only geometries with an inside.", GeoMeasures::within),
      tool(BBOX, "The bounding box of GeoJSON a: [west, south, east, north] in degrees.", GeoMeasures::bbox),
      tool(GEOHASH, "The geohash of GeoJSON a's representative position, precision 1 to 12 (default 9), with the "
          + "cell's bounds.", GeoMeasures::geohash),
      tool(NEIGHBOURS, "The nine-cell probe: a geohash cell (given, or of GeoJSON a) and its eight neighbours, to "
          + "search near a position without missing what lies over a cell edge.", GeoMeasures::neighbours),
      tool(PARSE_WKT, "Well-known text (longitude latitude) to GeoJSON.", GeoMeasures::parseWkt),
      tool(TO_WKT, "GeoJSON a as well-known text (2D).", GeoMeasures::toWkt),
      tool(UNION, "The union of GeoJSON a and b (valid geometries, not collections), with its geodesic area in "
          + "square metres.", GeoOverlays::union),
      tool(INTERSECTION, "The intersection of GeoJSON a and b (valid geometries, not collections), with its "
          + "geodesic area in square metres.", GeoOverlays::intersection),
      tool(DIFFERENCE, "GeoJSON a less b (valid geometries, not collections), with its geodesic area in square "
          + "metres.", GeoOverlays::difference),
      tool(BUFFER, "GeoJSON a grown by metres (shrunk when negative), with rounded corners; metres 0 repairs an "
          + "invalid geometry instead.", GeoOverlays::buffer));

  /** The tool names, in the order {@link #addTo} adds them. */
  public static final List<String> NAMES = TOOLS.stream().map(GeoTool::name).toList();

  private GeoTools() {}

  private static GeoTool tool(String name, String description, ToolFunction function) {
    return new GeoTool(name, description, GeoSchemas.of(name), function);
  }

  /** Every geo tool (schemas are copies: changing one changes nothing here). */
  public static List<GeoTool> all() {
    return TOOLS.stream().map(t -> new GeoTool(t.name(), t.description(), t.inputSchema().deepCopy(),
        t.function())).toList();
  }

  /** A toolbox holding the geo tools alone. */
  public static Toolbox toolbox() {
    return addTo(new Toolbox());
  }

  /**
   * Adds the geo tools to {@code toolbox}, skipping a name it already has (a host's own tool of that name stays),
   * and returns it.
   */
  public static Toolbox addTo(Toolbox toolbox) {
    Set<String> taken = toolbox.definitions().stream().map(ToolDefinition::name).collect(Collectors.toSet());
    for (GeoTool tool : all()) {
      if (!taken.contains(tool.name())) {
        toolbox.add(tool.name(), tool.description(), tool.inputSchema(), tool.function());
      }
    }
    return toolbox;
  }

  /** Refuses a geometry of more than {@link #MAX_POSITIONS} positions, naming what held it. */
  static void checkPositions(String what, Geometry geometry) {
    int positions = geometry.getNumPoints();
    if (positions > MAX_POSITIONS) {
      throw new IllegalArgumentException(what + " has " + positions + " positions, more than the " + MAX_POSITIONS
          + " a geo tool takes or gives; simplify the input or send it in parts");
    }
  }
}
