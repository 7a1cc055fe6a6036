package dev.weft.agents.geo;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Geohash (G. Niemeyer's public-domain scheme): longitude and latitude bits interleaved, longitude first, five bits
 * a character of the alphabet {@value #ALPHABET}. Written here — it is a few lines of bit interleaving, and no
 * maintained Java library for it is among the project's dependencies. A position on a cell's west or south edge
 * belongs to that cell; longitude 180 and latitude 90 to the last cells.
 */
public final class Geohash {
  /** The 32 characters, {@code a i l o} left out. */
  public static final String ALPHABET = "0123456789bcdefghjkmnpqrstuvwxyz";
  public static final int MIN_PRECISION = 1;
  public static final int MAX_PRECISION = 12;
  /** About 4.8 m by 4.8 m at the equator: a building's entrance. */
  public static final int DEFAULT_PRECISION = 9;

  /** A cell: its geohash and its bounds in degrees. */
  public record Cell(String hash, double minLon, double minLat, double maxLon, double maxLat) {
    public double centreLon() {
      return (minLon + maxLon) / 2;
    }

    public double centreLat() {
      return (minLat + maxLat) / 2;
    }

    /** Whether the cell holds the position (its edges included). */
    public boolean contains(double lon, double lat) {
      return lon >= minLon && lon <= maxLon && lat >= minLat && lat <= maxLat;
    }
  }

  /**
   * The eight neighbours of a cell and the cell, in reading order: north-west, north, north-east, west, the cell,
   * east, south-west, south, south-east. Longitude wraps at the antimeridian; past a pole there is no cell, so a
   * row beyond 90° or -90° is empty.
   */
  public record Probe(Cell centre, Optional<Cell> northWest, Optional<Cell> north, Optional<Cell> northEast,
      Cell west, Cell east, Optional<Cell> southWest, Optional<Cell> south, Optional<Cell> southEast) {}

  private Geohash() {}

  /** The geohash of {@code precision} characters of the cell holding (lon, lat). */
  public static String encode(double lon, double lat, int precision) {
    checkPrecision(precision);
    if (!(lon >= -180 && lon <= 180) || !(lat >= -90 && lat <= 90)) {
      throw new IllegalArgumentException("a geohash needs longitude in [-180, 180] and latitude in [-90, 90], got: ("
          + Numbers.plain(lon) + ", " + Numbers.plain(lat) + ")");
    }
    double[] lons = {-180, 180};
    double[] lats = {-90, 90};
    StringBuilder hash = new StringBuilder(precision);
    boolean even = true; // even bits are longitude bits
    int bits = 0;
    int value = 0;
    while (hash.length() < precision) {
      double[] range = even ? lons : lats;
      double coordinate = even ? lon : lat;
      double mid = (range[0] + range[1]) / 2;
      value <<= 1;
      if (coordinate >= mid) {
        value |= 1;
        range[0] = mid;
      } else {
        range[1] = mid;
      }
      even = !even;
      if (++bits == 5) {
        hash.append(ALPHABET.charAt(value));
        bits = 0;
        value = 0;
      }
    }
    return hash.toString();
  }

  /** The cell of {@code hash}. */
  public static Cell decode(String hash) {
    if (hash == null || hash.isEmpty() || hash.length() > MAX_PRECISION) {
      throw new IllegalArgumentException("a geohash has 1 to " + MAX_PRECISION + " characters, got: "
          + (hash == null ? "null" : "'" + hash + "'"));
    }
    double[] lons = {-180, 180};
    double[] lats = {-90, 90};
    boolean even = true;
    for (int i = 0; i < hash.length(); i++) {
      int value = ALPHABET.indexOf(hash.charAt(i));
      if (value < 0) {
        throw new IllegalArgumentException("geohash '" + hash + "' has '" + hash.charAt(i) + "' at " + i
            + ", which is not one of " + ALPHABET);
      }
      for (int bit = 4; bit >= 0; bit--) {
        double[] range = even ? lons : lats;
        double mid = (range[0] + range[1]) / 2;
        if ((value >> bit & 1) == 1) {
          range[0] = mid;
        } else {
          range[1] = mid;
        }
        even = !even;
      }
    }
    return new Cell(hash, lons[0], lats[0], lons[1], lats[1]);
  }

  /** The nine-cell probe around {@code hash}: the cell and its eight neighbours of the same precision. */
  public static Probe probe(String hash) {
    Cell centre = decode(hash);
    double width = centre.maxLon() - centre.minLon();
    double height = centre.maxLat() - centre.minLat();
    List<Optional<Cell>> cells = new ArrayList<>(9);
    for (int row = 1; row >= -1; row--) {
      for (int column = -1; column <= 1; column++) {
        cells.add(neighbour(centre, column * width, row * height));
      }
    }
    return new Probe(centre, cells.get(0), cells.get(1), cells.get(2), cells.get(3).orElseThrow(),
        cells.get(5).orElseThrow(), cells.get(6), cells.get(7), cells.get(8));
  }

  private static Optional<Cell> neighbour(Cell centre, double dLon, double dLat) {
    double lat = centre.centreLat() + dLat;
    if (lat < -90 || lat > 90) {
      return Optional.empty();
    }
    double lon = centre.centreLon() + dLon;
    if (lon > 180) {
      lon -= 360;
    } else if (lon < -180) {
      lon += 360;
    }
    return Optional.of(decode(encode(lon, lat, centre.hash().length())));
  }

  static void checkPrecision(int precision) {
    if (precision < MIN_PRECISION || precision > MAX_PRECISION) {
      throw new IllegalArgumentException("precision must be " + MIN_PRECISION + " to " + MAX_PRECISION + ", got: "
          + precision);
    }
  }
}
