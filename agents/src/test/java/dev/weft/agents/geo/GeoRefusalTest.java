package dev.weft.agents.geo;

import static dev.weft.agents.geo.GeoCalls.call;
import static dev.weft.agents.geo.GeoCalls.comb;
import static dev.weft.agents.geo.GeoCalls.point;
import static dev.weft.agents.geo.GeoCalls.refused;
import static dev.weft.agents.geo.GeoCalls.square;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.weft.agents.tool.ToolResult;
import java.util.StringJoiner;
import org.junit.jupiter.api.Test;

/** What the geo tools refuse, and that each refusal names what, which value and what to do. */
class GeoRefusalTest {
  private static final String BOW_TIE = "{\"type\":\"Polygon\",\"coordinates\":[[[0,0],[2,2],[2,0],[0,2],[0,0]]]}";

  @Test
  void aLongitudeOf200IsRefusedByTheSchemaAtItsPointer() {
    ToolResult result = call("geo_distance", "{\"a\":" + point(200, 10) + ",\"b\":" + point(0, 0) + "}");

    assertThat(result.error()).isTrue();
    JsonNode errors = result.value().path("errors");
    assertThat(errors).hasSize(1);
    assertThat(errors.get(0).path("instancePath").asText()).isEqualTo("/a/coordinates/0");
    assertThat(errors.get(0).path("keyword").asText()).isEqualTo("maximum");
    assertThat(result.value().path("error").asText()).startsWith("invalid arguments for tool 'geo_distance': at "
        + "/a/coordinates/0 (rule 'maximum'): must have a maximum value of 180");
  }

  @Test
  void theSchemaReachesIntoPolygonsFeaturesAndCollections() {
    String polygon = "{\"type\":\"Polygon\",\"coordinates\":[[[0,0],[1,0],[1,95],[0,0]]]}";
    String collection = "{\"type\":\"FeatureCollection\",\"features\":[{\"type\":\"Feature\",\"properties\":null,"
        + "\"geometry\":" + point(0, 0) + "},{\"type\":\"Feature\",\"properties\":null,\"geometry\":" + polygon
        + "}]}";

    assertThat(pointer(call("geo_bbox", "{\"a\":" + polygon + "}"))).isEqualTo("/a/coordinates/0/2/1");
    assertThat(pointer(call("geo_bbox", "{\"a\":" + collection + "}")))
        .isEqualTo("/a/features/1/geometry/coordinates/0/2/1");
    assertThat(pointer(call("geo_bbox", "{\"a\":{\"type\":\"Circle\",\"coordinates\":[0,0]}}")))
        .isEqualTo("/a/type");
    assertThat(pointer(call("geo_bbox", "{\"a\":{\"type\":\"Feature\",\"properties\":{},\"geometry\":null}}")))
        .as("a feature without a place").isEqualTo("/a/geometry");
  }

  @Test
  void withinRefusesAnAreaWithoutAnInside() {
    String error = refused("geo_within", "{\"a\":" + point(1, 1) + ",\"b\":" + point(1, 1) + "}");

    assertThat(error).isEqualTo("tool 'geo_within' failed: b (a Point) has no inside: only a Polygon or a "
        + "MultiPolygon has one; send the area as b (for the distance to a point or line, use geo_distance)");
  }

  @Test
  void anInvalidPolygonIsNamedWithItsReasonAndWhere() {
    String error = refused("geo_union", "{\"a\":" + BOW_TIE + ",\"b\":" + square(0, 0, 1) + "}");

    assertThat(error).isEqualTo("tool 'geo_union' failed: polygon a is invalid: Self-intersection at (1, 1); "
        + "repair it (geo_buffer with metres 0) or send a valid ring to geo_union");
    assertThat(refused("geo_within", "{\"a\":" + point(1, 1) + ",\"b\":" + BOW_TIE + "}"))
        .contains("polygon b is invalid: Self-intersection at (1, 1)");
  }

  @Test
  void anEmptyGeometryHasNoPosition() {
    assertThat(refused("geo_distance", "{\"a\":{\"type\":\"MultiPoint\",\"coordinates\":[]},\"b\":" + point(0, 0)
        + "}")).isEqualTo("tool 'geo_distance' failed: a (a MultiPoint) is empty: it has no position; send a "
            + "geometry with coordinates");
  }

  @Test
  void aRingThatDoesNotCloseIsNamed() {
    String open = "{\"type\":\"Polygon\",\"coordinates\":[[[0,0],[1,0],[1,1],[0,1]]]}";

    assertThat(refused("geo_difference", "{\"a\":" + square(0, 0, 1) + ",\"b\":" + open + "}"))
        .endsWith("b has a polygon ring that does not close: it starts at (0, 0) and ends at (0, 1); repeat the "
            + "first position at the end");
  }

  @Test
  void collectionsAreRefusedByOverlays() {
    String collection = "{\"type\":\"FeatureCollection\",\"features\":[]}";

    assertThat(refused("geo_union", "{\"a\":" + collection + ",\"b\":" + square(0, 0, 1) + "}"))
        .contains("a (a FeatureCollection) is a collection; geo_union takes one geometry on each side");
  }

  @Test
  void boundsAreRefusedByName() {
    StringJoiner line = new StringJoiner(",", "{\"type\":\"LineString\",\"coordinates\":[", "]}");
    for (int i = 0; i <= GeoTools.MAX_POSITIONS; i++) {
      line.add("[" + (i % 360 - 180) + "," + (i % 2) + "]");
    }
    assertThat(refused("geo_bbox", "{\"a\":" + line + "}"))
        .endsWith("a has more than " + GeoTools.MAX_POSITIONS + " positions, the most a geo tool takes; simplify "
            + "it or send it in parts");
    assertThat(pointer(call("geo_buffer", "{\"a\":" + point(0, 0) + ",\"metres\":1000001}"))).isEqualTo("/metres");
    assertThat(pointer(call("geo_buffer", "{\"a\":" + point(0, 0) + ",\"metres\":1,\"segments\":33}")))
        .isEqualTo("/segments");
    assertThat(pointer(call("geo_geohash", "{\"a\":" + point(0, 0) + ",\"precision\":13}")))
        .isEqualTo("/precision");
    assertThat(refused("geo_buffer", "{\"a\":" + square(-40, -40, 80) + ",\"metres\":10}"))
        .contains("more than 2000 km from its centre");
    assertThat(refused("geo_buffer", "{\"a\":" + point(179.999, 0) + ",\"metres\":1000}"))
        .contains("across the antimeridian or a pole");
  }

  @Test
  void inputsThatCrossTooOftenAreRefusedBeforeTheOverlay() {
    // 60 teeth each way: 120 vertical edges cross 120 horizontal ones, 14,400 crossings
    String input = "{\"a\":" + comb(60, true) + ",\"b\":" + comb(60, false) + "}";

    assertThat(refused("geo_intersection", input)).endsWith("geo_intersection refuses: a and b cross at more than "
        + GeoValidity.MAX_CROSSINGS + " points; simplify them or overlay them in parts");
    // 40 teeth each way: 6,400 crossings, computed
    assertThat(GeoCalls.ok("geo_intersection", "{\"a\":" + comb(40, true) + ",\"b\":" + comb(40, false) + "}")
        .path("empty").asBoolean()).isFalse();
  }

  @Test
  void wktThatDoesNotParseOrLiesOutsideTheEarthIsRefused() {
    assertThat(refused("geo_parse_wkt", "{\"wkt\":\"POLYGON ((0 0, 1 0\"}")).contains("wkt does not parse: ");
    assertThat(refused("geo_parse_wkt", "{\"wkt\":\"POINT (200 10)\"}"))
        .endsWith("wkt has the position (200, 10), outside longitude [-180, 180] and latitude [-90, 90]; write "
            + "longitude first, in degrees on WGS84");
    assertThat(refused("geo_parse_wkt", "{\"wkt\":\"POINT EMPTY\"}")).contains("wkt is an empty Point");
  }

  @Test
  void neighboursTakeAGeohashOrAGeometryNotBoth() {
    assertThat(pointer(call("geo_neighbours", "{}"))).isEqualTo("/");
    assertThat(pointer(call("geo_neighbours", "{\"geohash\":\"u4a\"}"))).isEqualTo("/geohash");
    assertThat(refused("geo_neighbours", "{\"geohash\":\"u4p\",\"precision\":4}"))
        .contains("give precision with a, not with geohash");
  }

  private static String pointer(ToolResult result) {
    assertThat(result.error()).as("%s", result.value()).isTrue();
    String pointer = result.value().path("errors").path(0).path("instancePath").asText();
    return pointer.isEmpty() ? "/" : pointer;
  }
}
