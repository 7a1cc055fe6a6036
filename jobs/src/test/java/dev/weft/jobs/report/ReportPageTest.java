package dev.weft.jobs.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.context.DeadLetter;
import dev.weft.jobs.report.RunReport.DeadLetters;
import dev.weft.jobs.report.RunReport.Failure;
import dev.weft.jobs.report.RunReport.Sample;
import dev.weft.jobs.report.RunReport.Stage;
import dev.weft.jobs.report.Svg.Bar;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;

/** The page is well-formed, self-contained, and its plots carry the report's numbers. */
class ReportPageTest {
  static RunReport sample(List<Double> latencies) {
    Map<String, Long> counters = new LinkedHashMap<>();
    counters.put("added", 120L);
    counters.put("chunks", 987L);
    counters.put("skipped.binary", 3L);
    return new RunReport(RunReport.VERSION, "index", "2026-11-30T21:00:00Z", 4321, RunReport.OK, null,
        "in-process", 7, counters,
        List.of(new Stage("plan", 35), new Stage("chunk", 3900), new Stage("commit", 210), new Stage("publish", 12)),
        List.of(new Sample(1.0, 40, 300, 40), new Sample(2.0, 95, 700, 55), new Sample(2.5, 120, 987, 50)),
        new DeadLetters(3, "/idx/deadletters/gen-7.jsonl",
            List.of(new DeadLetter("a<b>.bin", "read", "skipped.binary", "binary file \"x\" & more"))),
        latencies, List.of("moved aside a damaged file"));
  }

  @Test
  void thePlotsCarryTheReportsNumbers() throws Exception {
    String html = ReportPage.render(sample(List.of(1.5, 2.0, 2.5, 9.0)), "run.json");
    Document page = PageXml.parse(html);

    assertThat(PageXml.texts(page, "//*[@id='counters']//*[local-name()='title']"))
        .containsExactly("added: 120", "chunks: 987", "skipped.binary: 3");
    assertThat(PageXml.texts(page, "//*[@id='stages']//*[local-name()='title']"))
        .containsExactly("plan: 35 ms", "chunk: 3900 ms", "commit: 210 ms", "publish: 12 ms");
    assertThat(PageXml.texts(page, "//*[@id='throughput']//*[local-name()='title']"))
        .containsExactly("0 s: 0 items/s", "1 s: 40 items/s", "2 s: 55 items/s", "2.50 s: 50 items/s");
    assertThat(PageXml.texts(page, "//*[@id='recall-latency']//*[local-name()='title']"))
        .hasSize(ReportPage.HISTOGRAM_BINS).startsWith("1.50–1.88 ms: 1").endsWith("8.63–9 ms: 1");
    assertThat(PageXml.texts(page, "//*[@id='facts']//td")).contains("ok", "4321 ms", "in-process", "7");
  }

  @Test
  void corpusTextIsEscapedAndNothingIsFetched() throws Exception {
    String html = ReportPage.render(sample(List.of()), "run.json");
    Document page = PageXml.parse(html);

    assertThat(PageXml.texts(page, "//table[2]//td")).contains("a<b>.bin", "binary file \"x\" & more");
    assertThat(html).doesNotContain("<script", " src=", " href=", "url(", "@import");
    assertThat(page.getElementById("recall-latency")).as("no latencies, no histogram").isNull();
  }

  @Test
  void aFailedRunShowsItsLineExitCodeAndStage() throws Exception {
    RunReport ok = sample(List.of());
    RunReport failed = new RunReport(ok.version(), "reindex", ok.startedAt(), 10, RunReport.FAILED,
        new Failure(3, "plan", "index is busy: /idx/lucene/write.lock"), "none", -1, Map.of(), List.of(),
        List.of(), DeadLetters.NONE, List.of(), List.of());

    Document page = PageXml.parse(ReportPage.render(failed, "run.json"));

    assertThat(PageXml.texts(page, "//*[@id='facts']//td"))
        .contains("failed", "3", "plan", "index is busy: /idx/lucene/write.lock", "none");
    assertThat(PageXml.texts(page, "//p[@id='throughput' or @id='stages' or @id='dead-letters']"))
        .containsExactly("no items were done", "no stages were timed", "none");
  }

  @Test
  void theYMaximumIsLabelledInsideThePlotWhateverItsWidth() throws Exception {
    Document page = PageXml.parse(ReportPage.render(sample(List.of(0.5, 1234567.25)), "run.json"));

    // a wide number anchored at its end left of the axis ran off the page's left edge
    for (String plot : List.of("throughput", "recall-latency")) {
      assertThat(PageXml.texts(page, "//*[@id='" + plot + "']/*[local-name()='text'][starts-with(., 'max ')]"
          + "/@text-anchor")).as(plot).containsExactly("start");
    }
    assertThat(PageXml.texts(page, "//*[@id='throughput']/*[local-name()='text'][starts-with(., 'max ')]"))
        .containsExactly("max 55 items/s");
  }

  @Test
  void equalLatenciesMakeOneBin() {
    assertThat(ReportPage.histogram(List.of(4.0, 4.0), 20)).containsExactly(new Bar("4 ms", 2));
  }
}
