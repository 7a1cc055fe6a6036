package dev.weft.jobs.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The page in a real headless browser, when one is on the PATH (chromium-headless-shell, chromium, google-chrome;
 * Debian's {@code chromium-headless-shell} package provides one): the DOM the browser built holds every plot with
 * the report's numbers. Skipped, saying so, where no browser is installed.
 */
class ReportPageBrowserTest {
  private static final List<String> BROWSERS =
      List.of("chromium-headless-shell", "chromium", "chromium-browser", "google-chrome", "headless_shell");

  @TempDir Path tmp;

  @Test
  void aHeadlessBrowserBuildsEveryPlotFromThePage() throws IOException, InterruptedException {
    Optional<Path> browser = browser();
    assumeTrue(browser.isPresent(), "no headless browser on the PATH (looked for " + BROWSERS + "); install "
        + "Debian's chromium-headless-shell to run this test");
    Path page = Files.writeString(tmp.resolve("run.html"),
        ReportPage.render(ReportPageTest.sample(List.of(1.5, 2.0, 2.5, 9.0)), "run.json"));
    Path dom = tmp.resolve("dom.html");

    Process process = new ProcessBuilder(browser.get().toString(), "--headless", "--no-sandbox", "--disable-gpu",
        "--user-data-dir=" + tmp.resolve("profile"), "--dump-dom", page.toUri().toString())
        .redirectOutput(dom.toFile()).redirectError(tmp.resolve("browser.err").toFile()).start();
    boolean exited = process.waitFor(60, TimeUnit.SECONDS);
    if (!exited) {
      process.destroyForcibly();
    }

    assertThat(exited).as("the browser exits within 60 s").isTrue();
    String built = Files.readString(dom, StandardCharsets.UTF_8);
    assertThat(process.exitValue()).as(Files.readString(tmp.resolve("browser.err"))).isZero();
    assertThat(built).contains("<svg id=\"throughput\"", "<svg id=\"counters\"", "<svg id=\"stages\"",
        "<svg id=\"recall-latency\"", "<title>added: 120</title>", "<title>chunk: 3900 ms</title>",
        "<title>2 s: 55 items/s</title>");
  }

  private static Optional<Path> browser() {
    String path = System.getenv("PATH");
    if (path == null) {
      return Optional.empty();
    }
    return BROWSERS.stream()
        .flatMap(name -> Stream.of(path.split(File.pathSeparator)).map(dir -> Path.of(dir, name)))
        .filter(Files::isExecutable)
        .findFirst();
  }
}
