package dev.weft.agents.geo;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import org.locationtech.jts.algorithm.Orientation;
import org.locationtech.jts.geom.Coordinate;
import org.locationtech.jts.geom.CoordinateSequence;
import org.locationtech.jts.geom.CoordinateSequences;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.GeometryCollection;
import org.locationtech.jts.geom.GeometryFactory;
import org.locationtech.jts.geom.LineString;
import org.locationtech.jts.geom.LinearRing;
import org.locationtech.jts.geom.MultiLineString;
import org.locationtech.jts.geom.MultiPoint;
import org.locationtech.jts.geom.MultiPolygon;
import org.locationtech.jts.geom.Point;
import org.locationtech.jts.geom.Polygon;
import org.locationtech.jts.geom.PrecisionModel;

/**
 * GeoJSON (RFC 7946) to JTS and back. Written here rather than taken from jts-io-common, which is not among the
 * project's dependencies and reads through json-simple; this is the one place the two models meet. A position
 * {@code [lon, lat, alt?]} is a JTS {@link Coordinate} {@code (x = lon, y = lat, z = alt)}. A Feature reads as its
 * geometry and a FeatureCollection as a {@link GeometryCollection} of its features' geometries. Reading counts
 * positions against a bound before it builds anything large, and refuses a ring that does not close. Writing orients
 * polygon rings as RFC 7946 asks: the exterior counter-clockwise, holes clockwise.
 */
final class GeoJsonGeometry {
  /** Planar double precision in longitude/latitude; SRID 4326 (WGS84) names what the numbers are. */
  static final GeometryFactory FACTORY = new GeometryFactory(new PrecisionModel(), 4326);
  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

  private final String member;
  private final int maxPositions;
  private int positions;

  private GeoJsonGeometry(String member, int maxPositions) {
    this.member = member;
    this.maxPositions = maxPositions;
  }

  /**
   * Reads the GeoJSON of input member {@code member} (named in every refusal).
   *
   * @throws IllegalArgumentException naming the member when it holds more than {@code maxPositions} positions, a
   *     ring that does not close, or anything that is not GeoJSON
   */
  static GeoInput read(JsonNode json, String member, int maxPositions) {
    GeoJsonGeometry reader = new GeoJsonGeometry(member, maxPositions);
    String type = json.path("type").asText();
    return switch (type) {
      case "Feature" -> new GeoInput(member, "Feature", reader.geometry(json.path("geometry")));
      case "FeatureCollection" -> {
        List<Geometry> parts = new ArrayList<>();
        json.path("features").forEach(f -> parts.add(reader.geometry(f.path("geometry"))));
        yield new GeoInput(member, type, FACTORY.createGeometryCollection(parts.toArray(Geometry[]::new)));
      }
      default -> new GeoInput(member, type, reader.geometry(json));
    };
  }

  private Geometry geometry(JsonNode json) {
    String type = json.path("type").asText();
    JsonNode c = json.path("coordinates");
    return switch (type) {
      case "Point" -> FACTORY.createPoint(position(c));
      case "MultiPoint" -> FACTORY.createMultiPointFromCoords(positions(c));
      case "LineString" -> FACTORY.createLineString(positions(c));
      case "MultiLineString" -> {
        List<LineString> lines = new ArrayList<>();
        c.forEach(line -> lines.add(FACTORY.createLineString(positions(line))));
        yield FACTORY.createMultiLineString(lines.toArray(LineString[]::new));
      }
      case "Polygon" -> polygon(c);
      case "MultiPolygon" -> {
        List<Polygon> polygons = new ArrayList<>();
        c.forEach(p -> polygons.add(polygon(p)));
        yield FACTORY.createMultiPolygon(polygons.toArray(Polygon[]::new));
      }
      case "GeometryCollection" -> {
        List<Geometry> parts = new ArrayList<>();
        json.path("geometries").forEach(g -> parts.add(geometry(g)));
        yield FACTORY.createGeometryCollection(parts.toArray(Geometry[]::new));
      }
      default -> throw new IllegalArgumentException(member + " holds a geometry of type '" + type
          + "', which GeoJSON does not have; send Point, MultiPoint, LineString, MultiLineString, Polygon, "
          + "MultiPolygon or GeometryCollection");
    };
  }

  private Polygon polygon(JsonNode rings) {
    List<LinearRing> built = new ArrayList<>();
    for (JsonNode ring : rings) {
      Coordinate[] coordinates = positions(ring);
      if (coordinates.length < 4) {
        throw new IllegalArgumentException(member + " has a polygon ring of " + coordinates.length
            + " positions; a ring needs at least 4, the last repeating the first");
      }
      Coordinate first = coordinates[0];
      Coordinate last = coordinates[coordinates.length - 1];
      if (!first.equals2D(last)) {
        throw new IllegalArgumentException(member + " has a polygon ring that does not close: it starts at "
            + Numbers.xy(first) + " and ends at " + Numbers.xy(last) + "; repeat the first position at the end");
      }
      built.add(FACTORY.createLinearRing(coordinates));
    }
    if (built.isEmpty()) {
      return FACTORY.createPolygon();
    }
    return FACTORY.createPolygon(built.get(0), built.subList(1, built.size()).toArray(LinearRing[]::new));
  }

  private Coordinate[] positions(JsonNode array) {
    Coordinate[] out = new Coordinate[array.size()];
    for (int i = 0; i < out.length; i++) {
      out[i] = position(array.get(i));
    }
    return out;
  }

  private Coordinate position(JsonNode p) {
    if (++positions > maxPositions) {
      throw new IllegalArgumentException(member + " has more than " + maxPositions + " positions, the most a geo "
          + "tool takes; simplify it or send it in parts");
    }
    if (!p.isArray() || p.size() < 2 || !p.get(0).isNumber() || !p.get(1).isNumber()) {
      throw new IllegalArgumentException(member + " has a position that is not [longitude, latitude]: " + p);
    }
    double lon = p.get(0).asDouble();
    double lat = p.get(1).asDouble();
    return p.size() > 2 && p.get(2).isNumber() ? new Coordinate(lon, lat, p.get(2).asDouble())
        : new Coordinate(lon, lat);
  }

  /** The GeoJSON geometry of {@code geometry} (never a Feature: a result is a shape, not a record). */
  static ObjectNode write(Geometry geometry) {
    ObjectNode json = NODES.objectNode().put("type", geometry.getGeometryType());
    if (geometry instanceof Point p) {
      json.set("coordinates", p.isEmpty() ? NODES.arrayNode() : position(p.getCoordinate()));
    } else if (geometry instanceof LinearRing || geometry instanceof LineString) {
      json.put("type", "LineString").set("coordinates", positions(((LineString) geometry).getCoordinateSequence()));
    } else if (geometry instanceof Polygon p) {
      json.set("coordinates", rings(p));
    } else if (geometry instanceof MultiPoint || geometry instanceof MultiLineString
        || geometry instanceof MultiPolygon) {
      ArrayNode parts = json.putArray("coordinates");
      for (int i = 0; i < geometry.getNumGeometries(); i++) {
        parts.add(write(geometry.getGeometryN(i)).get("coordinates"));
      }
    } else {
      ArrayNode parts = json.putArray("geometries");
      for (int i = 0; i < geometry.getNumGeometries(); i++) {
        parts.add(write(geometry.getGeometryN(i)));
      }
    }
    return json;
  }

  private static ArrayNode rings(Polygon polygon) {
    ArrayNode rings = NODES.arrayNode();
    if (polygon.isEmpty()) {
      return rings;
    }
    rings.add(ring(polygon.getExteriorRing(), true));
    for (int i = 0; i < polygon.getNumInteriorRing(); i++) {
      rings.add(ring(polygon.getInteriorRingN(i), false));
    }
    return rings;
  }

  private static ArrayNode ring(LinearRing ring, boolean counterClockwise) {
    CoordinateSequence sequence = ring.getCoordinateSequence();
    if (Orientation.isCCW(sequence) != counterClockwise) {
      sequence = sequence.copy();
      CoordinateSequences.reverse(sequence);
    }
    return positions(sequence);
  }

  private static ArrayNode positions(CoordinateSequence sequence) {
    ArrayNode out = NODES.arrayNode();
    for (int i = 0; i < sequence.size(); i++) {
      out.add(position(sequence.getCoordinate(i)));
    }
    return out;
  }

  private static ArrayNode position(Coordinate c) {
    ArrayNode p = NODES.arrayNode().add(c.getX()).add(c.getY());
    if (!Double.isNaN(c.getZ())) {
      p.add(c.getZ());
    }
    return p;
  }
}
