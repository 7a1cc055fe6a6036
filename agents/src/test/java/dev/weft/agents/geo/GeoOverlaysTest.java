package dev.weft.agents.geo;

import static dev.weft.agents.geo.GeoCalls.geometry;
import static dev.weft.agents.geo.GeoCalls.ok;
import static dev.weft.agents.geo.GeoCalls.point;
import static dev.weft.agents.geo.GeoCalls.square;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import net.sf.geographiclib.Geodesic;
import org.junit.jupiter.api.Test;
import org.locationtech.jts.geom.Coordinate;
import org.locationtech.jts.geom.Geometry;

/** Union, intersection, difference and buffer against areas computed by hand. */
class GeoOverlaysTest {
  /** Two unit squares, the second offset by 0.5 in x and y: they share a 0.5 x 0.5 square. */
  private static final String TWO_SQUARES = "{\"a\":" + square(0, 0, 1) + ",\"b\":" + square(0.5, 0.5, 1) + "}";

  @Test
  void overlaysOfTwoOffsetUnitSquares() {
    assertThat(geometry(ok("geo_union", TWO_SQUARES)).getArea()).isCloseTo(1.75, within(1e-12));
    assertThat(geometry(ok("geo_intersection", TWO_SQUARES)).getArea()).isCloseTo(0.25, within(1e-12));
    Geometry difference = geometry(ok("geo_difference", TWO_SQUARES));
    assertThat(difference.getArea()).isCloseTo(0.75, within(1e-12));
    assertThat(difference.covers(GeoJsonGeometry.FACTORY.createPoint(new Coordinate(0.25, 0.25)))).isTrue();
    assertThat(difference.intersects(GeoJsonGeometry.FACTORY.createPoint(new Coordinate(0.75, 0.75)))).isFalse();
  }

  @Test
  void theAnswerCarriesTheGeodesicArea() {
    // a 1-degree square at the equator: about 12,308 km² on WGS84 (110.57 km of latitude by 111.32 km of longitude)
    JsonNode answer = ok("geo_intersection", "{\"a\":" + square(0, 0, 1) + ",\"b\":" + square(-1, -1, 3) + "}");

    assertThat(answer.path("areaSquareMetres").asDouble()).isCloseTo(1.2308e10, within(0.001e10));
    assertThat(answer.path("empty").asBoolean()).isFalse();
  }

  @Test
  void disjointInputsIntersectInNothing() {
    JsonNode answer = ok("geo_intersection", "{\"a\":" + square(0, 0, 1) + ",\"b\":" + square(5, 5, 1) + "}");

    assertThat(answer.path("empty").asBoolean()).isTrue();
    assertThat(answer.path("geometry").isNull()).isTrue();
    assertThat(answer.path("areaSquareMetres").asDouble()).isZero();
  }

  @Test
  void aPointBufferedIsACircleOfThatManyMetres() {
    JsonNode answer = ok("geo_buffer", "{\"a\":" + point(10.4, 57.6) + ",\"metres\":1000}");

    Geometry circle = geometry(answer);
    for (Coordinate c : circle.getCoordinates()) {
      assertThat(Geodesic.WGS84.Inverse(57.6, 10.4, c.getY(), c.getX()).s12).isCloseTo(1000, within(1e-6));
    }
    // 8 segments a quarter: a 32-gon inscribed in the circle, area 16 sin(pi/16) r²
    assertThat(answer.path("areaSquareMetres").asDouble())
        .isCloseTo(16 * Math.sin(Math.PI / 16) * 1e6, within(0.001 * 1e6));
  }

  @Test
  void aNegativeBufferShrinksAPolygon() {
    JsonNode grown = ok("geo_buffer", "{\"a\":" + square(0, 0, 0.1) + ",\"metres\":100,\"segments\":2}");
    JsonNode shrunk = ok("geo_buffer", "{\"a\":" + square(0, 0, 0.1) + ",\"metres\":-100}");
    double area = ok("geo_intersection", "{\"a\":" + square(0, 0, 0.1) + ",\"b\":" + square(0, 0, 0.1) + "}")
        .path("areaSquareMetres").asDouble();

    assertThat(grown.path("areaSquareMetres").asDouble()).isGreaterThan(area);
    assertThat(shrunk.path("areaSquareMetres").asDouble()).isLessThan(area);
    assertThat(geometry(grown).getCoordinates()).hasSizeLessThan(
        geometry(ok("geo_buffer", "{\"a\":" + square(0, 0, 0.1) + ",\"metres\":100,\"segments\":16}"))
            .getCoordinates().length);
  }

  @Test
  void bufferZeroRepairsABowTieKeepingBothLobes() {
    String bowTie = "{\"type\":\"Polygon\",\"coordinates\":[[[0,0],[2,2],[2,0],[0,2],[0,0]]]}";

    JsonNode answer = ok("geo_buffer", "{\"a\":" + bowTie + ",\"metres\":0}");

    assertThat(answer.path("repaired").asBoolean()).isTrue();
    Geometry repaired = geometry(answer);
    assertThat(repaired.isValid()).isTrue();
    assertThat(repaired.getArea()).isCloseTo(2.0, within(1e-12)); // two triangles of area 1
    assertThat(ok("geo_buffer", "{\"a\":" + square(0, 0, 1) + ",\"metres\":0}").path("repaired").asBoolean())
        .isFalse();
  }
}
