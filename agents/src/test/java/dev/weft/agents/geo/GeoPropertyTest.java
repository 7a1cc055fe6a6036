package dev.weft.agents.geo;

import static dev.weft.agents.geo.GeoCalls.geometry;
import static dev.weft.agents.geo.GeoCalls.ok;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.IntRange;
import org.locationtech.jts.geom.Geometry;

/** Geohash cut points and overlay areas, for any input in range. */
class GeoPropertyTest {
  @Property(tries = 2000)
  void aPositionsCellHoldsIt(@ForAll @DoubleRange(min = -180, max = 180) double lon,
      @ForAll @DoubleRange(min = -90, max = 90) double lat, @ForAll @IntRange(min = 1, max = 12) int precision) {
    String hash = Geohash.encode(lon, lat, precision);
    Geohash.Cell cell = Geohash.decode(hash);

    assertThat(hash).hasSize(precision);
    assertThat(cell.contains(lon, lat)).as("%s %s", hash, cell).isTrue();
    assertThat(Geohash.encode(cell.centreLon(), cell.centreLat(), precision)).isEqualTo(hash);
  }

  @Property(tries = 500)
  void theNeighboursTouchTheCellOnTheirSide(@ForAll @DoubleRange(min = -180, max = 180) double lon,
      @ForAll @DoubleRange(min = -90, max = 90) double lat, @ForAll @IntRange(min = 1, max = 12) int precision) {
    Geohash.Probe probe = Geohash.probe(Geohash.encode(lon, lat, precision));
    Geohash.Cell c = probe.centre();

    assertThat(probe.west().maxLon()).isEqualTo(c.minLon() == -180 ? 180 : c.minLon());
    assertThat(probe.east().minLon()).isEqualTo(c.maxLon() == 180 ? -180 : c.maxLon());
    assertThat(probe.north().map(Geohash.Cell::minLat)).isEqualTo(c.maxLat() == 90 ? Optional.empty()
        : Optional.of(c.maxLat()));
    assertThat(probe.south().map(Geohash.Cell::maxLat)).isEqualTo(c.minLat() == -90 ? Optional.empty()
        : Optional.of(c.minLat()));
    probe.northEast().ifPresent(ne -> assertThat(ne.minLat()).isEqualTo(c.maxLat()));
    probe.southWest().ifPresent(sw -> assertThat(sw.maxLat()).isEqualTo(c.minLat()));
    for (Geohash.Cell cell : List.of(probe.west(), probe.east())) {
      assertThat(cell.minLat()).isEqualTo(c.minLat());
    }
  }

  @Property(tries = 150)
  void overlayAreasAddUp(@ForAll("rectangles") double[] a, @ForAll("rectangles") double[] b) {
    String input = "{\"a\":" + rectangle(a) + ",\"b\":" + rectangle(b) + "}";
    double areaA = (a[2] - a[0]) * (a[3] - a[1]);
    double areaB = (b[2] - b[0]) * (b[3] - b[1]);

    double union = area(ok("geo_union", input));
    double intersection = area(ok("geo_intersection", input));
    double difference = area(ok("geo_difference", input));

    assertThat(union).isGreaterThanOrEqualTo(Math.max(areaA, areaB) - 1e-9);
    assertThat(intersection).isLessThanOrEqualTo(Math.min(areaA, areaB) + 1e-9);
    assertThat(union + intersection).isCloseTo(areaA + areaB, within(1e-9));
    assertThat(difference + intersection).isCloseTo(areaA, within(1e-9));
  }

  @Provide
  Arbitrary<double[]> rectangles() {
    Arbitrary<Double> x = Arbitraries.integers().between(-20, 20).map(i -> i / 4.0);
    Arbitrary<Double> size = Arbitraries.integers().between(1, 20).map(i -> i / 4.0);
    return Combinators.combine(x, x, size, size).as((x0, y0, w, h) -> new double[] {x0, y0, x0 + w, y0 + h});
  }

  private static String rectangle(double[] r) {
    List<String> ring = new ArrayList<>();
    for (double[] p : new double[][] {{r[0], r[1]}, {r[2], r[1]}, {r[2], r[3]}, {r[0], r[3]}, {r[0], r[1]}}) {
      ring.add("[" + p[0] + "," + p[1] + "]");
    }
    return "{\"type\":\"Polygon\",\"coordinates\":[[" + String.join(",", ring) + "]]}";
  }

  private static double area(JsonNode answer) {
    if (answer.path("empty").asBoolean()) {
      return 0;
    }
    Geometry geometry = geometry(answer);
    return geometry.getArea();
  }
}
