package dev.weft.agents.geo;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Optional;
import org.locationtech.jts.geom.Coordinate;
import org.locationtech.jts.geom.Envelope;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.MultiPolygon;
import org.locationtech.jts.geom.Polygon;
import org.locationtech.jts.io.ParseException;
import org.locationtech.jts.io.WKTReader;
import org.locationtech.jts.io.WKTWriter;
import org.locationtech.jts.operation.relateng.RelateNG;
import org.locationtech.jts.operation.relateng.RelatePredicate;

/**
 * The geo tools that measure or translate one or two inputs without building new shapes: distance, within, bbox,
 * geohash, the nine-cell probe, and WKT both ways. Every method takes input that passed the tool's schema and
 * answers its JSON, or throws {@link IllegalArgumentException} with the one line the model reads.
 */
final class GeoMeasures {
  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

  private GeoMeasures() {}

  static JsonNode distance(JsonNode input) {
    Coordinate from = representative(read(input, "a"));
    Coordinate to = representative(read(input, "b"));
    Geodesy.Path path = Geodesy.inverse(from, to);
    ObjectNode out = NODES.objectNode().put("metres", path.metres());
    out.set("from", lonLat(from));
    out.set("to", lonLat(to));
    return out.put("initialBearing", path.initialBearing()).put("finalBearing", path.finalBearing());
  }

  static JsonNode within(JsonNode input) {
    GeoInput a = read(input, "a");
    GeoInput b = read(input, "b");
    Geometry area = b.geometry();
    if (!(area instanceof Polygon || area instanceof MultiPolygon)) {
      throw new IllegalArgumentException(b.described() + " has no inside: only a Polygon or a MultiPolygon has "
          + "one; send the area as b (for the distance to a point or line, use geo_distance)");
    }
    nonEmpty(a);
    nonEmpty(b);
    GeoValidity.require(a, "geo_within");
    GeoValidity.require(b, "geo_within");
    // RelateNG: the relate that takes a collection (a FeatureCollection of points) as a whole
    return NODES.objectNode().put("within", RelateNG.relate(area, a.geometry(), RelatePredicate.covers()));
  }

  static JsonNode bbox(JsonNode input) {
    GeoInput a = read(input, "a");
    nonEmpty(a);
    Envelope e = a.geometry().getEnvelopeInternal();
    ObjectNode out = NODES.objectNode();
    out.putArray("bbox").add(e.getMinX()).add(e.getMinY()).add(e.getMaxX()).add(e.getMaxY());
    return out;
  }

  static JsonNode geohash(JsonNode input) {
    Coordinate at = representative(read(input, "a"));
    int precision = input.path("precision").asInt(Geohash.DEFAULT_PRECISION);
    Geohash.Cell cell = Geohash.decode(Geohash.encode(at.getX(), at.getY(), precision));
    ObjectNode out = NODES.objectNode().put("geohash", cell.hash()).put("precision", precision);
    out.set("position", lonLat(at));
    out.set("cell", bounds(cell));
    return out;
  }

  static JsonNode neighbours(JsonNode input) {
    String hash;
    if (input.hasNonNull("geohash")) {
      if (input.has("precision")) {
        throw new IllegalArgumentException("give precision with a, not with geohash: a geohash's precision is its "
            + "length");
      }
      hash = input.get("geohash").asText();
    } else {
      Coordinate at = representative(read(input, "a"));
      hash = Geohash.encode(at.getX(), at.getY(), input.path("precision").asInt(Geohash.DEFAULT_PRECISION));
    }
    Geohash.Probe probe = Geohash.probe(hash);
    ObjectNode out = NODES.objectNode().put("centre", hash);
    ObjectNode around = out.putObject("neighbours");
    ArrayNode cells = out.putArray("cells");
    List<Optional<Geohash.Cell>> nine = List.of(probe.northWest(), probe.north(), probe.northEast(),
        Optional.of(probe.west()), Optional.of(probe.centre()), Optional.of(probe.east()), probe.southWest(),
        probe.south(), probe.southEast());
    List<String> names = List.of("nw", "n", "ne", "w", "", "e", "sw", "s", "se");
    for (int i = 0; i < nine.size(); i++) {
      Optional<Geohash.Cell> cell = nine.get(i);
      cell.ifPresent(c -> cells.add(c.hash()));
      if (!names.get(i).isEmpty()) {
        if (cell.isPresent()) {
          around.put(names.get(i), cell.get().hash());
        } else {
          around.putNull(names.get(i));
        }
      }
    }
    return out;
  }

  static JsonNode parseWkt(JsonNode input) {
    String wkt = input.path("wkt").asText();
    if (wkt.length() > GeoTools.MAX_WKT_CHARS) {
      throw new IllegalArgumentException("wkt is " + wkt.length() + " characters, more than the "
          + GeoTools.MAX_WKT_CHARS + " geo_parse_wkt reads; send it in parts");
    }
    Geometry geometry;
    try {
      geometry = new WKTReader(GeoJsonGeometry.FACTORY).read(wkt);
    } catch (ParseException e) {
      throw new IllegalArgumentException("wkt does not parse: " + e.getMessage() + "; send well-known text such "
          + "as POINT (10.4 57.6), longitude first", e);
    }
    if (geometry.isEmpty()) {
      throw new IllegalArgumentException("wkt is an empty " + geometry.getGeometryType() + ", which has no "
          + "position to send as GeoJSON; send a geometry with coordinates");
    }
    GeoTools.checkPositions("wkt", geometry);
    for (Coordinate c : geometry.getCoordinates()) {
      if (!(c.getX() >= -180 && c.getX() <= 180 && c.getY() >= -90 && c.getY() <= 90)) {
        throw new IllegalArgumentException("wkt has the position " + Numbers.xy(c) + ", outside longitude "
            + "[-180, 180] and latitude [-90, 90]; write longitude first, in degrees on WGS84");
      }
    }
    ObjectNode out = NODES.objectNode();
    out.set("geometry", GeoJsonGeometry.write(geometry));
    return out;
  }

  static JsonNode toWkt(JsonNode input) {
    GeoInput a = read(input, "a");
    return NODES.objectNode().put("wkt", new WKTWriter().write(a.geometry()));
  }

  static GeoInput read(JsonNode input, String member) {
    return GeoJsonGeometry.read(input.path(member), member, GeoTools.MAX_POSITIONS);
  }

  /**
   * The position a non-point geometry is measured from: JTS's interior point, which lies on the geometry — inside
   * a polygon (on the widest horizontal section), on a line (the vertex nearest its centroid), one of a
   * MultiPoint's points (the one nearest their centroid). A Point is its own position.
   */
  static Coordinate representative(GeoInput in) {
    nonEmpty(in);
    return in.geometry().getInteriorPoint().getCoordinate();
  }

  static void nonEmpty(GeoInput in) {
    if (in.geometry().isEmpty()) {
      throw new IllegalArgumentException(in.described() + " is empty: it has no position; send a geometry with "
          + "coordinates");
    }
  }

  private static ArrayNode lonLat(Coordinate c) {
    return NODES.arrayNode().add(c.getX()).add(c.getY());
  }

  private static ArrayNode bounds(Geohash.Cell cell) {
    return NODES.arrayNode().add(cell.minLon()).add(cell.minLat()).add(cell.maxLon()).add(cell.maxLat());
  }
}
