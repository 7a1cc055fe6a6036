package dev.weft.agents.geo;

import java.math.BigDecimal;
import org.locationtech.jts.geom.Coordinate;

/** How the geo tools write numbers into messages: as short as the value ({@code 1}, not {@code 1.0}). */
final class Numbers {
  private Numbers() {}

  static String plain(double value) {
    if (Double.isNaN(value) || Double.isInfinite(value)) {
      return String.valueOf(value);
    }
    return BigDecimal.valueOf(value).stripTrailingZeros().toPlainString();
  }

  /** {@code (lon, lat)}, as JTS names a location. */
  static String xy(Coordinate c) {
    return "(" + plain(c.getX()) + ", " + plain(c.getY()) + ")";
  }
}
