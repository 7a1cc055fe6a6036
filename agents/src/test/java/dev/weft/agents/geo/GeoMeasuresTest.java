package dev.weft.agents.geo;

import static dev.weft.agents.geo.GeoCalls.ok;
import static dev.weft.agents.geo.GeoCalls.point;
import static dev.weft.agents.geo.GeoCalls.square;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

/** The measuring tools against known answers, called through the toolbox as a model calls them. */
class GeoMeasuresTest {
  /**
   * Cases of GeographicLib's own inverse test set (geodtest's testcases 1, 2, 3, 8 and 18): lat1, lon1, lat2, lon2,
   * s12, azi1. Case 2's lon2 of 197.18234 is written -162.81766, the same meridian inside [-180, 180].
   */
  @ParameterizedTest
  @CsvSource({
      "35.60777, -139.44815, -11.17491, -69.95921, 8935244.5604818305, 111.098748429560326",
      "55.52454, 106.05087, 77.03196, -162.81766, 4105086.1713924406, 22.020059880982801",
      "-21.97856, 142.59065, 41.84138, 98.56635, 8394328.894657671, -32.44456876433189",
      "-50.56724, -16.30485, -33.56571, -94.97412, 6455670.5118668696, -105.439679907590164",
      "-41.22777, 122.32875, -7.57291, 130.37946, 3812686.035106021, 14.285113402275739"})
  void distanceIsGeographicLibsGeodesic(double lat1, double lon1, double lat2, double lon2, double metres,
      double azimuth) {
    JsonNode answer = ok("geo_distance", "{\"a\":" + point(lon1, lat1) + ",\"b\":" + point(lon2, lat2) + "}");

    assertThat(answer.path("metres").asDouble()).isCloseTo(metres, within(1e-6));
    assertThat(answer.path("initialBearing").asDouble()).isCloseTo(azimuth, within(1e-9));
  }

  @Test
  void newYorkToParisIsGeodSolve0() {
    // GeographicLib's GeodSolve0: JFK (40.6, -73.8) to CDG (49.01666667, 2.55), 5,853,226 m at 53.47022 degrees
    JsonNode answer = ok("geo_distance", "{\"a\":" + point(-73.8, 40.6) + ",\"b\":" + point(2.55, 49.01666667)
        + "}");

    assertThat(answer.path("metres").asDouble()).isCloseTo(5853226, within(0.5));
    assertThat(answer.path("initialBearing").asDouble()).isCloseTo(53.47022, within(0.5e-5));
    assertThat(answer.path("finalBearing").asDouble()).isCloseTo(111.59367, within(0.5e-5));
  }

  @Test
  void aPolygonIsMeasuredFromAPositionInsideIt() {
    // a C-shaped polygon, whose centroid (about (1.2, 1.5)) lies in the notch, outside the polygon
    String c = "{\"type\":\"Feature\",\"properties\":{},\"geometry\":{\"type\":\"Polygon\",\"coordinates\":"
        + "[[[0,0],[3,0],[3,1],[1,1],[1,2],[3,2],[3,3],[0,3],[0,0]]]}}";

    JsonNode answer = ok("geo_distance", "{\"a\":" + c + ",\"b\":" + point(0.5, 1.5) + "}");

    double lon = answer.path("from").get(0).asDouble();
    double lat = answer.path("from").get(1).asDouble();
    assertThat(GeoJsonGeometry.read(GeoCalls.json(c), "a", 100).geometry()
        .covers(GeoJsonGeometry.FACTORY.createPoint(new org.locationtech.jts.geom.Coordinate(lon, lat)))).isTrue();
    assertThat(answer.path("to").toString()).isEqualTo("[0.5,1.5]");
  }

  @Test
  void withinAnswersForPointsInsideOnTheEdgeAndOutside() {
    String area = square(0, 0, 2);

    assertThat(ok("geo_within", "{\"a\":" + point(1, 1) + ",\"b\":" + area + "}").path("within").asBoolean())
        .isTrue();
    assertThat(ok("geo_within", "{\"a\":" + point(2, 1) + ",\"b\":" + area + "}").path("within").asBoolean())
        .as("the edge counts as inside").isTrue();
    assertThat(ok("geo_within", "{\"a\":" + point(3, 1) + ",\"b\":" + area + "}").path("within").asBoolean())
        .isFalse();
    assertThat(ok("geo_within", "{\"a\":" + square(0.5, 0.5, 1) + ",\"b\":" + area + "}").path("within")
        .asBoolean()).isTrue();
    String twoPoints = "{\"type\":\"FeatureCollection\",\"features\":[{\"type\":\"Feature\",\"properties\":null,"
        + "\"geometry\":" + point(0.5, 0.5) + "},{\"type\":\"Feature\",\"properties\":null,\"geometry\":" + point(1.5, 1)
        + "}]}";
    assertThat(ok("geo_within", "{\"a\":" + twoPoints + ",\"b\":" + area + "}").path("within").asBoolean())
        .as("a collection lies within when all of it does").isTrue();
  }

  @Test
  void bboxIsWestSouthEastNorth() {
    String collection = "{\"type\":\"FeatureCollection\",\"features\":[{\"type\":\"Feature\",\"properties\":null,"
        + "\"geometry\":" + point(-3.5, 40) + "},{\"type\":\"Feature\",\"properties\":{\"n\":1},\"geometry\":"
        + "{\"type\":\"LineString\",\"coordinates\":[[2,41],[5,38.25]]}}]}";

    assertThat(ok("geo_bbox", "{\"a\":" + collection + "}").path("bbox").toString())
        .isEqualTo("[-3.5,38.25,5.0,41.0]");
  }

  @Test
  void geohashOfAKnownPoint() {
    // the example of the geohash scheme's description: 57.64911 N, 10.40744 E
    JsonNode answer = ok("geo_geohash", "{\"a\":" + point(10.40744, 57.64911) + ",\"precision\":11}");

    assertThat(answer.path("geohash").asText()).isEqualTo("u4pruydqqvj");
    assertThat(ok("geo_geohash", "{\"a\":" + point(10.40744, 57.64911) + "}").path("geohash").asText())
        .as("precision 9 by default").isEqualTo("u4pruydqq");
    JsonNode cell = answer.path("cell");
    assertThat(cell.get(0).asDouble()).isLessThanOrEqualTo(10.40744);
    assertThat(cell.get(2).asDouble()).isGreaterThanOrEqualTo(10.40744);
  }

  @Test
  void neighboursAreTheNineCellProbe() {
    JsonNode answer = ok("geo_neighbours", "{\"geohash\":\"u4pruyd\"}");

    List<String> cells = new ArrayList<>();
    answer.path("cells").forEach(c -> cells.add(c.asText()));
    // a 7th character (bits 31-35: lon, lat, lon, lat, lon) lies on the 8 x 4 grid whose rows, north to south,
    // are "bcfguvyz", "89destwx", "2367kmqr", "0145hjnp": d's neighbours are the characters around it there
    assertThat(cells).containsExactly("u4pruyc", "u4pruyf", "u4pruyg", "u4pruy9", "u4pruyd", "u4pruye",
        "u4pruy3", "u4pruy6", "u4pruy7");
    assertThat(answer.path("neighbours").path("n").asText()).isEqualTo("u4pruyf");
    assertThat(ok("geo_neighbours", "{\"a\":" + point(10.40744, 57.64911) + ",\"precision\":7}").path("cells"))
        .isEqualTo(answer.path("cells"));
  }

  @Test
  void neighboursWrapAtTheAntimeridianAndStopAtThePoles() {
    JsonNode east = ok("geo_neighbours", "{\"a\":" + point(179.99, 0.01) + ",\"precision\":3}");
    assertThat(Geohash.decode(east.path("neighbours").path("e").asText()).minLon()).isEqualTo(-180);

    JsonNode north = ok("geo_neighbours", "{\"a\":" + point(0.01, 89.99) + ",\"precision\":2}");
    assertThat(north.path("neighbours").path("n").isNull()).isTrue();
    assertThat(north.path("cells")).hasSize(6);
  }

  @Test
  void wktBothWays() {
    JsonNode parsed = ok("geo_parse_wkt", "{\"wkt\":\"POLYGON ((0 0, 1 0, 1 1, 0 1, 0 0), (0.2 0.2, 0.4 0.4, "
        + "0.2 0.4, 0.2 0.2))\"}");

    assertThat(parsed.path("geometry").path("type").asText()).isEqualTo("Polygon");
    // RFC 7946: the exterior counter-clockwise (as given), the hole clockwise (reversed from the given)
    assertThat(parsed.path("geometry").path("coordinates").get(1).toString())
        .isEqualTo("[[0.2,0.2],[0.2,0.4],[0.4,0.4],[0.2,0.2]]");
    String wkt = ok("geo_to_wkt", "{\"a\":" + parsed.path("geometry") + "}").path("wkt").asText();
    assertThat(wkt).isEqualTo("POLYGON ((0 0, 1 0, 1 1, 0 1, 0 0), (0.2 0.2, 0.2 0.4, 0.4 0.4, 0.2 0.2))");
    assertThat(ok("geo_to_wkt", "{\"a\":" + point(10.5, -3) + "}").path("wkt").asText())
        .isEqualTo("POINT (10.5 -3)");
  }
}
