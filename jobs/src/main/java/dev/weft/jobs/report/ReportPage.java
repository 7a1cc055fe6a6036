package dev.weft.jobs.report;

import dev.weft.context.DeadLetter;
import dev.weft.jobs.report.Svg.Bar;
import dev.weft.jobs.report.Svg.Point;
import java.util.ArrayList;
import java.util.List;

/**
 * A run report as one self-contained HTML page (no script, no network, no external file): the run's facts, then
 * plots of throughput over time, counters, stage timings and, when the report carries them, recall latencies.
 * Each plot is an {@code <svg>} with a stable id ({@code throughput}, {@code counters}, {@code stages},
 * {@code recall-latency}) so tests and scripts can find it.
 */
public final class ReportPage {
  static final int HISTOGRAM_BINS = 20;

  private static final String STYLE = "body{font:14px system-ui,sans-serif;margin:2em auto;max-width:760px;"
      + "color:#222}h1{font-size:1.4em}h2{font-size:1.1em;margin-top:1.6em}table{border-collapse:collapse}"
      + "td,th{padding:2px 10px 2px 0;text-align:left;vertical-align:top}.failed{color:#b00020}"
      + "svg text{font:12px system-ui,sans-serif;fill:#333}.bar{fill:#4c78a8}.line{fill:none;stroke:#4c78a8;"
      + "stroke-width:2}.point{fill:#4c78a8}.axis{fill:none;stroke:#999}.empty{color:#777}";

  private ReportPage() {}

  /** The page for {@code report}; {@code source} names the JSON file it came from, in the title. */
  public static String render(RunReport report, String source) {
    StringBuilder page = new StringBuilder("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"/>")
        .append("<title>").append(Html.escape("weft " + report.job() + " run — " + source)).append("</title>")
        .append("<style>").append(STYLE).append("</style></head><body>")
        .append("<h1>").append(Html.escape("weft " + report.job() + " run")).append("</h1>");
    facts(page, report);
    page.append("<h2>Throughput over time</h2>");
    if (report.throughput().isEmpty()) {
      page.append("<p class=\"empty\" id=\"throughput\">no items were done</p>");
    } else {
      List<Point> points = new ArrayList<>();
      points.add(new Point(0, 0));
      report.throughput().forEach(s -> points.add(new Point(s.seconds(), s.itemsPerSecond())));
      page.append(Svg.line("throughput", points, " s", " items/s"));
    }
    page.append("<h2>Counters</h2>");
    List<Bar> counters = new ArrayList<>();
    report.counters().forEach((name, value) -> counters.add(new Bar(name, value)));
    page.append(counters.isEmpty() ? "<p class=\"empty\" id=\"counters\">no counters</p>"
        : Svg.bars("counters", counters, ""));
    page.append("<h2>Stage timings</h2>");
    page.append(report.stages().isEmpty() ? "<p class=\"empty\" id=\"stages\">no stages were timed</p>"
        : Svg.bars("stages", report.stages().stream().map(s -> new Bar(s.name(), s.millis())).toList(), " ms"));
    if (!report.recallLatenciesMillis().isEmpty()) {
      page.append("<h2>Recall latency</h2>").append(Svg.columns("recall-latency",
          histogram(report.recallLatenciesMillis(), HISTOGRAM_BINS)));
      page.append("<p>").append(report.recallLatenciesMillis().size()).append(" recalls</p>");
    }
    deadLetters(page, report.deadLetters());
    if (!report.notes().isEmpty()) {
      page.append("<h2>Notes</h2><ul>");
      report.notes().forEach(n -> page.append("<li>").append(Html.escape(n)).append("</li>"));
      page.append("</ul>");
    }
    return page.append("</body></html>\n").toString();
  }

  /**
   * Equal-width bins from the smallest to the largest value; each bin's label is its range in ms. One value, or
   * all equal, make one bin.
   */
  static List<Bar> histogram(List<Double> values, int bins) {
    double min = values.stream().mapToDouble(Double::doubleValue).min().orElse(0);
    double max = values.stream().mapToDouble(Double::doubleValue).max().orElse(0);
    int count = max > min ? bins : 1;
    double width = max > min ? (max - min) / count : 1;
    long[] counts = new long[count];
    for (double v : values) {
      counts[Math.min(count - 1, (int) ((v - min) / width))]++;
    }
    List<Bar> bars = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      double from = min + i * width;
      String range = count == 1 ? Svg.number(min) + " ms"
          : Svg.number(from) + "–" + Svg.number(from + width) + " ms";
      bars.add(new Bar(range, counts[i]));
    }
    return bars;
  }

  private static void facts(StringBuilder page, RunReport report) {
    page.append("<table id=\"facts\">");
    row(page, "outcome", report.outcome());
    if (report.failure() != null) {
      row(page, "exit code", Integer.toString(report.failure().exitCode()));
      row(page, "failed in stage", report.failure().stage());
      page.append("<tr><th>failure</th><td class=\"failed\">").append(Html.escape(report.failure().message()))
          .append("</td></tr>");
    }
    row(page, "started", report.startedAt());
    row(page, "elapsed", report.elapsedMillis() + " ms");
    row(page, "executor", report.executor());
    row(page, "generation published", report.generation() < 0 ? "none" : Long.toString(report.generation()));
    page.append("</table>");
  }

  private static void deadLetters(StringBuilder page, RunReport.DeadLetters letters) {
    page.append("<h2>Dead letters</h2>");
    if (letters.count() == 0) {
      page.append("<p class=\"empty\" id=\"dead-letters\">none</p>");
      return;
    }
    page.append("<p id=\"dead-letters\">").append(letters.count()).append(" refused; all in ")
        .append(Html.escape(letters.file())).append(letters.count() > letters.first().size()
            ? " (the first " + letters.first().size() + " below)" : "").append("</p>");
    page.append("<table><tr><th>path</th><th>stage</th><th>reason</th><th>detail</th></tr>");
    for (DeadLetter letter : letters.first()) {
      page.append("<tr><td>").append(Html.escape(letter.path())).append("</td><td>")
          .append(Html.escape(letter.stage())).append("</td><td>").append(Html.escape(letter.reason()))
          .append("</td><td>").append(Html.escape(letter.detail())).append("</td></tr>");
    }
    page.append("</table>");
  }

  private static void row(StringBuilder page, String name, String value) {
    page.append("<tr><th>").append(Html.escape(name)).append("</th><td>").append(Html.escape(value))
        .append("</td></tr>");
  }
}
