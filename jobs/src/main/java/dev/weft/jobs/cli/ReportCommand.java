package dev.weft.jobs.cli;

import dev.weft.jobs.report.ReportPage;
import dev.weft.jobs.report.RunReport;
import dev.weft.jobs.report.RunReports;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(name = "report", description = "Draw a run report (the JSON of --report FILE) as a self-contained HTML "
    + "page: throughput over time, counters, stage timings, recall latencies, dead letters. No network needed.")
final class ReportCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Parameters(index = "0", paramLabel = "RUN.json", description = "A run report written with --report FILE.")
  Path input;

  @Option(names = {"-o", "--out"}, paramLabel = "FILE",
      description = "The HTML page to write (default: RUN.json with .html instead of .json, beside it).")
  Path out;

  @Override
  public Integer call() {
    RunReport report = RunReports.read(input);
    Path target = (out != null ? out : defaultOut(input)).toAbsolutePath().normalize();
    RunReports.writeText(target, ReportPage.render(report, input.getFileName().toString()), "report page",
        "-o FILE");
    spec.commandLine().getOut().println(target);
    return 0;
  }

  static Path defaultOut(Path json) {
    String name = json.getFileName().toString();
    String base = name.toLowerCase(Locale.ROOT).endsWith(".json") ? name.substring(0, name.length() - 5)
        : name;
    return json.toAbsolutePath().resolveSibling(base + ".html");
  }
}
