package dev.weft.agents.geo;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.locationtech.jts.algorithm.LineIntersector;
import org.locationtech.jts.algorithm.RobustLineIntersector;
import org.locationtech.jts.geom.Coordinate;
import org.locationtech.jts.noding.MCIndexNoder;
import org.locationtech.jts.noding.SegmentIntersector;
import org.locationtech.jts.noding.SegmentString;
import org.locationtech.jts.noding.SegmentStringUtil;
import org.locationtech.jts.operation.valid.IsValidOp;
import org.locationtech.jts.operation.valid.TopologyValidationError;

/**
 * The checks an input passes before JTS computes on it: OGC validity by JTS's {@link IsValidOp} (an overlay of an
 * invalid polygon has no defined answer), and a bound on how often the inputs cross, counted before an overlay
 * nodes them (each crossing becomes a vertex of the result, so this bounds the result and the work).
 */
final class GeoValidity {
  /** The most crossings (between the inputs, or within one) an overlay computes with. */
  static final int MAX_CROSSINGS = 10_000;

  private GeoValidity() {}

  /**
   * Refuses an invalid geometry with JTS's reason and where: "polygon a is invalid: Self-intersection at (1, 1);
   * repair it (geo_buffer with metres 0) or send a valid ring".
   */
  static void require(GeoInput in, String tool) {
    TopologyValidationError error = new IsValidOp(in.geometry()).getValidationError();
    if (error == null) {
      return;
    }
    String kind = in.geometry().getGeometryType().toLowerCase(Locale.ROOT);
    Coordinate at = error.getCoordinate();
    throw new IllegalArgumentException(kind + " " + in.member() + " is invalid: " + error.getMessage()
        + (at == null ? "" : " at " + Numbers.xy(at)) + "; repair it (geo_buffer with metres 0) or send a valid "
        + (kind.contains("polygon") ? "ring" : "geometry") + " to " + tool);
  }

  /** Refuses inputs that cross (each other or themselves) at more than {@link #MAX_CROSSINGS} points. */
  static void requireFewCrossings(String tool, GeoInput a, GeoInput b) {
    List<SegmentString> segments = new ArrayList<>(SegmentStringUtil.extractNodedSegmentStrings(a.geometry()));
    segments.addAll(SegmentStringUtil.extractNodedSegmentStrings(b.geometry()));
    CrossingCount count = new CrossingCount();
    new MCIndexNoder(count).computeNodes(segments);
    if (count.isDone()) {
      throw new IllegalArgumentException(tool + " refuses: a and b cross at more than " + MAX_CROSSINGS
          + " points; simplify them or overlay them in parts");
    }
  }

  /** Counts crossings inside segments (a shared vertex is no crossing), and stops the noder past the bound. */
  private static final class CrossingCount implements SegmentIntersector {
    private final LineIntersector li = new RobustLineIntersector();
    private int crossings;

    @Override
    public void processIntersections(SegmentString e0, int i0, SegmentString e1, int i1) {
      if (e0 == e1 && i0 == i1) {
        return;
      }
      Coordinate[] p = e0.getCoordinates();
      Coordinate[] q = e1.getCoordinates();
      li.computeIntersection(p[i0], p[i0 + 1], q[i1], q[i1 + 1]);
      if (li.hasIntersection() && li.isInteriorIntersection()) {
        crossings++;
      }
    }

    @Override
    public boolean isDone() {
      return crossings > MAX_CROSSINGS;
    }
  }
}
