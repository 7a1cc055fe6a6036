package dev.weft.agents.geo;

import java.util.Objects;
import org.locationtech.jts.geom.Geometry;

/**
 * One GeoJSON input of a geo tool, read: the input member that held it ({@code a}, {@code b}), its GeoJSON type
 * ({@code Feature} and {@code FeatureCollection} included) and its geometry. Refusals name the member and the type.
 */
record GeoInput(String member, String type, Geometry geometry) {
  GeoInput {
    Objects.requireNonNull(member, "member");
    Objects.requireNonNull(type, "type");
    Objects.requireNonNull(geometry, "geometry");
  }

  /** "a (a Feature of a Polygon)", "b (a Point)": what a refusal says the input was. */
  String described() {
    String shape = geometry.getGeometryType();
    return member + " (" + article(type) + " " + type + ("Feature".equals(type) ? " of " + article(shape) + " "
        + shape : "") + ")";
  }

  private static String article(String word) {
    return "aeiouAEIOU".indexOf(word.charAt(0)) >= 0 ? "an" : "a";
  }
}
