package dev.weft.agents.geo;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;

/**
 * The input schemas of the geo tools: each tool's own JSON resource ({@code geo/NAME.json}) refers to
 * {@code #/$defs/GeoJSON}, and the one GeoJSON schema of this package ({@code geo/geojson.schema.json}) supplies
 * those {@code $defs}. They are copied into every tool's schema because a tool's schema must resolve its refs
 * inside itself (the toolbox never fetches a ref, and a model reads one self-contained schema per tool).
 */
public final class GeoSchemas {
  /** The GeoJSON schema's resource, beside this class. */
  public static final String GEOJSON_RESOURCE = "geojson.schema.json";

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final JsonNode GEOJSON = read(GEOJSON_RESOURCE);

  private GeoSchemas() {}

  /** The GeoJSON schema itself (a copy): positions [longitude, latitude], longitude in [-180, 180], latitude in [-90, 90]. */
  public static JsonNode geoJson() {
    return GEOJSON.deepCopy();
  }

  /**
   * The input schema of tool {@code name}: its own resource, with the GeoJSON {@code $defs} in it when it refers
   * to them ({@code geo_parse_wkt} takes text, not GeoJSON, and is sent without them).
   */
  public static JsonNode of(String name) {
    ObjectNode schema = (ObjectNode) read(name + ".json");
    if (schema.toString().contains("\"#/$defs/")) {
      schema.set("$defs", GEOJSON.get("$defs").deepCopy());
    }
    return schema;
  }

  /** A missing or broken resource is a defect of the build, not of a call. */
  private static JsonNode read(String resource) {
    try (InputStream in = GeoSchemas.class.getResourceAsStream(resource)) {
      if (in == null) {
        throw new IllegalStateException("the geo schema dev/weft/agents/geo/" + resource
            + " is missing from the jar; rebuild weft-agents");
      }
      JsonNode schema = JSON.readTree(in);
      if (!schema.isObject()) {
        throw new IllegalStateException("the geo schema dev/weft/agents/geo/" + resource + " is not a JSON object");
      }
      return schema;
    } catch (IOException e) {
      throw new UncheckedIOException("the geo schema dev/weft/agents/geo/" + resource + " is not JSON: "
          + e.getMessage(), e);
    }
  }
}
