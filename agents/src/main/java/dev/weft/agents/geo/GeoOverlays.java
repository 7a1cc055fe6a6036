package dev.weft.agents.geo;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.locationtech.jts.geom.Coordinate;
import org.locationtech.jts.geom.Envelope;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.util.GeometryFixer;
import org.locationtech.jts.operation.buffer.BufferOp;
import org.locationtech.jts.operation.buffer.BufferParameters;
import org.locationtech.jts.operation.overlayng.OverlayNG;
import org.locationtech.jts.operation.overlayng.OverlayNGRobust;

/**
 * The geo tools that build shapes: union, intersection and difference on JTS's robust overlay
 * ({@link OverlayNGRobust}: floating noding, then snapping, then snap-rounding until one succeeds), and buffer in
 * metres. Inputs are checked first ({@link GeoValidity}); results are bounded in positions like inputs.
 */
final class GeoOverlays {
  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

  private GeoOverlays() {}

  static JsonNode union(JsonNode input) {
    return overlay(input, OverlayNG.UNION, "geo_union");
  }

  static JsonNode intersection(JsonNode input) {
    return overlay(input, OverlayNG.INTERSECTION, "geo_intersection");
  }

  static JsonNode difference(JsonNode input) {
    return overlay(input, OverlayNG.DIFFERENCE, "geo_difference");
  }

  private static JsonNode overlay(JsonNode input, int opCode, String tool) {
    GeoInput a = GeoMeasures.read(input, "a");
    GeoInput b = GeoMeasures.read(input, "b");
    notCollection(a, tool);
    notCollection(b, tool);
    GeoValidity.require(a, tool);
    GeoValidity.require(b, tool);
    GeoValidity.requireFewCrossings(tool, a, b);
    return shape(tool, OverlayNGRobust.overlay(a.geometry(), b.geometry(), opCode));
  }

  static JsonNode buffer(JsonNode input) {
    GeoInput a = GeoMeasures.read(input, "a");
    GeoMeasures.nonEmpty(a);
    notCollection(a, "geo_buffer");
    double metres = input.path("metres").asDouble();
    int segments = input.path("segments").asInt(GeoTools.DEFAULT_BUFFER_SEGMENTS);
    if (!(Math.abs(metres) <= GeoTools.MAX_BUFFER_METRES)) {
      throw new IllegalArgumentException("metres must be within -" + GeoTools.MAX_BUFFER_METRES + " to "
          + GeoTools.MAX_BUFFER_METRES + ", got: " + Numbers.plain(metres));
    }
    if (segments < 1 || segments > GeoTools.MAX_BUFFER_SEGMENTS) {
      throw new IllegalArgumentException("segments must be 1 to " + GeoTools.MAX_BUFFER_SEGMENTS + ", got: "
          + segments);
    }
    if (metres == 0) {
      // the repair: GeometryFixer keeps every part a plain buffer(0) would drop (both lobes of a bow-tie)
      boolean valid = a.geometry().isValid();
      ObjectNode out = shape("geo_buffer", valid ? a.geometry() : GeometryFixer.fix(a.geometry()));
      return out.put("repaired", !valid);
    }
    GeoValidity.require(a, "geo_buffer");
    Envelope box = a.geometry().getEnvelopeInternal();
    Geodesy.Projection projection = new Geodesy.Projection(box.centre().getX(), box.centre().getY());
    for (Coordinate c : a.geometry().getCoordinates()) {
      if (projection.distanceFromCentre(c) > GeoTools.MAX_BUFFER_EXTENT_METRES) {
        throw new IllegalArgumentException("a reaches " + Numbers.xy(c) + ", more than "
            + GeoTools.MAX_BUFFER_EXTENT_METRES / 1000 + " km from its centre, and geo_buffer draws in a projection "
            + "that is exact only near the centre; buffer it in smaller parts");
      }
    }
    Geometry projected = a.geometry().copy();
    projection.forward(projected);
    Geometry buffered = BufferOp.bufferOp(projected, metres, new BufferParameters(segments));
    projection.reverse(buffered);
    for (Coordinate c : buffered.getCoordinates()) {
      if (c.getX() < -180 || c.getX() > 180 || c.getY() < -90 || c.getY() > 90) {
        throw new IllegalArgumentException("the buffer of a reaches " + Numbers.xy(c) + ", across the antimeridian "
            + "or a pole, which GeoJSON cannot hold unsplit (RFC 7946, 3.1.9); buffer the parts on each side");
      }
    }
    return shape("geo_buffer", buffered);
  }

  private static void notCollection(GeoInput in, String tool) {
    if ("GeometryCollection".equals(in.geometry().getGeometryType())) {
      throw new IllegalArgumentException(in.described() + " is a collection; " + tool + " takes one geometry on "
          + "each side (a Point, LineString or Polygon, or a Multi- of one kind): send its members one at a time");
    }
  }

  /** {geometry, empty, areaSquareMetres}: the result, null when empty; its geodesic area (0 for lines, points). */
  private static ObjectNode shape(String tool, Geometry result) {
    GeoTools.checkPositions("the result of " + tool, result);
    ObjectNode out = NODES.objectNode();
    if (result.isEmpty()) {
      out.putNull("geometry");
    } else {
      out.set("geometry", GeoJsonGeometry.write(result));
    }
    return out.put("empty", result.isEmpty()).put("areaSquareMetres", Geodesy.area(result));
  }
}
