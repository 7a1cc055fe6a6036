package dev.weft.jobs.cli.options;

import picocli.CommandLine.Option;

/**
 * The {@code --quiet} flag: no progress on stderr (the result and a failure's one line still print). A command
 * whose progress is of one stage says so under {@code weft.<command>.quiet} of the CLI's bundle
 * ({@code dev/weft/jobs/cli/OptionHelp.properties}).
 */
public final class QuietOption {
  @Option(names = "--quiet", descriptionKey = "quiet", description = "No progress on stderr.")
  boolean quiet;

  /** Whether progress is silenced. */
  public boolean on() {
    return quiet;
  }
}
