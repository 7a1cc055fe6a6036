package dev.weft.jobs.report;

import java.util.List;
import java.util.Locale;

/**
 * The report page's plots as inline SVG, written here rather than vendored: three chart shapes, no script, so the
 * page needs no network and no licence beside Weft's. Every mark carries a {@code <title>} with its value (a
 * browser shows it on hover) and every bar its number as text.
 */
final class Svg {
  private static final int WIDTH = 720;
  private static final int LABEL_WIDTH = 220;
  private static final int BAR_HEIGHT = 22;

  private Svg() {}

  /** One labelled value of a bar chart. */
  record Bar(String label, double value) {}

  /** One point of a line chart. */
  record Point(double x, double y) {}

  /** Horizontal bars, one row per value, scaled to the largest. */
  static String bars(String id, List<Bar> bars, String unit) {
    int height = bars.size() * BAR_HEIGHT + 10;
    double max = bars.stream().mapToDouble(Bar::value).max().orElse(0);
    StringBuilder svg = open(id, WIDTH, height);
    int y = 5;
    for (Bar bar : bars) {
      double width = max <= 0 ? 0 : (WIDTH - LABEL_WIDTH - 90) * bar.value() / max;
      String value = number(bar.value()) + unit;
      svg.append("<text x=\"").append(LABEL_WIDTH - 6).append("\" y=\"").append(y + 15)
          .append("\" text-anchor=\"end\">").append(Html.escape(bar.label())).append("</text>");
      svg.append("<rect class=\"bar\" x=\"").append(LABEL_WIDTH).append("\" y=\"").append(y + 3)
          .append("\" width=\"").append(number(width)).append("\" height=\"").append(BAR_HEIGHT - 6).append("\">")
          .append("<title>").append(Html.escape(bar.label() + ": " + value)).append("</title></rect>");
      svg.append("<text class=\"value\" x=\"").append(number(LABEL_WIDTH + width + 6)).append("\" y=\"")
          .append(y + 15).append("\">").append(Html.escape(value)).append("</text>");
      y += BAR_HEIGHT;
    }
    return svg.append("</svg>").toString();
  }

  /** A line through the points, with the axes' extremes labelled (the y maximum above the plot, never clipped). */
  static String line(String id, List<Point> points, String xUnit, String yUnit) {
    int height = 250;
    int left = 40;
    int top = 26;
    int bottom = height - 30;
    double maxX = Math.max(1e-9, points.stream().mapToDouble(Point::x).max().orElse(0));
    double maxY = Math.max(1e-9, points.stream().mapToDouble(Point::y).max().orElse(0));
    StringBuilder svg = open(id, WIDTH, height);
    axes(svg, left, top, bottom, WIDTH - 10);
    svg.append(label(left, 14, "start", "max " + number(maxY) + yUnit)).append(label(left - 6, bottom, "end", "0"))
        .append(label(WIDTH - 10, height - 8, "end", number(maxX) + xUnit)).append(label(left, height - 8, "start", "0"));
    StringBuilder path = new StringBuilder();
    StringBuilder marks = new StringBuilder();
    for (Point p : points) {
      double x = left + (WIDTH - 10 - left) * p.x() / maxX;
      double y = bottom - (bottom - top) * p.y() / maxY;
      path.append(path.length() == 0 ? "M" : " L").append(number(x)).append(' ').append(number(y));
      marks.append("<circle class=\"point\" cx=\"").append(number(x)).append("\" cy=\"").append(number(y))
          .append("\" r=\"3\"><title>").append(number(p.x())).append(xUnit).append(": ").append(number(p.y()))
          .append(yUnit).append("</title></circle>");
    }
    svg.append("<path class=\"line\" d=\"").append(path).append("\"/>").append(marks);
    return svg.append("</svg>").toString();
  }

  /** Vertical bars of equal-width bins (a histogram); each bar's title gives its range and count. */
  static String columns(String id, List<Bar> columns) {
    int height = 250;
    int left = 40;
    int top = 26;
    int bottom = height - 40;
    double max = Math.max(1, columns.stream().mapToDouble(Bar::value).max().orElse(0));
    double step = (WIDTH - 10 - left) / (double) Math.max(1, columns.size());
    StringBuilder svg = open(id, WIDTH, height);
    axes(svg, left, top, bottom, WIDTH - 10);
    svg.append(label(left, 14, "start", "max " + number(max) + " per bin")).append(label(left - 6, bottom, "end", "0"));
    for (int i = 0; i < columns.size(); i++) {
      Bar column = columns.get(i);
      double h = (bottom - top) * column.value() / max;
      double x = left + i * step;
      svg.append("<rect class=\"bar\" x=\"").append(number(x + 1)).append("\" y=\"").append(number(bottom - h))
          .append("\" width=\"").append(number(Math.max(1, step - 2))).append("\" height=\"").append(number(h))
          .append("\"><title>").append(Html.escape(column.label() + ": " + number(column.value())))
          .append("</title></rect>");
      if (i == 0 || i == columns.size() - 1) {
        svg.append(label(x + step / 2, height - 22, "middle", column.label()));
      }
    }
    return svg.append("</svg>").toString();
  }

  /** A number as the page prints it: integers without a fraction, others with up to two decimals. */
  static String number(double value) {
    if (value == Math.rint(value) && Math.abs(value) < 1e15) {
      return Long.toString((long) value);
    }
    return String.format(Locale.ROOT, "%.2f", value);
  }

  private static StringBuilder open(String id, int width, int height) {
    return new StringBuilder("<svg id=\"").append(id).append("\" xmlns=\"http://www.w3.org/2000/svg\" width=\"")
        .append(width).append("\" height=\"").append(height).append("\" viewBox=\"0 0 ").append(width).append(' ')
        .append(height).append("\" role=\"img\">");
  }

  private static void axes(StringBuilder svg, int left, int top, int bottom, int right) {
    svg.append("<path class=\"axis\" d=\"M").append(left).append(' ').append(top).append(" L").append(left).append(' ').append(bottom)
        .append(" L").append(right).append(' ').append(bottom).append("\"/>");
  }

  private static String label(double x, double y, String anchor, String text) {
    return "<text x=\"" + number(x) + "\" y=\"" + number(y) + "\" text-anchor=\"" + anchor + "\">"
        + Html.escape(text) + "</text>";
  }
}
