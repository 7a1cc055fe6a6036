package dev.weft.jobs.cli.options;

import java.nio.file.Path;
import picocli.CommandLine.Option;

/**
 * The {@code --report FILE} option: also write the run report as JSON to FILE, whether the run succeeds or fails
 * ({@code jobs.run.ReportFile} writes it). What the report holds differs by command, so each says it under
 * {@code weft.<command>.report} of the CLI's bundle ({@code dev/weft/jobs/cli/OptionHelp.properties}).
 */
public final class ReportOption {
  @Option(names = "--report", paramLabel = "FILE", descriptionKey = "report",
      description = "Also write the run report as JSON to FILE, whether the run succeeds or fails; "
          + "`weft report FILE` draws it.")
  Path report;

  /** The file to write the report to, or null when none was asked for. */
  public Path file() {
    return report;
  }
}
