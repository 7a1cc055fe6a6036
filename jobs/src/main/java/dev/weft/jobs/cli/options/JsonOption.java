package dev.weft.jobs.cli.options;

import picocli.CommandLine.Option;

/**
 * The {@code --json} flag: print the command's result as one JSON document instead of its table. The help line
 * below is the default; a command whose JSON is a specific shape (the run report, the node, the plan) says so under
 * the key {@code weft.<command>.json} of the CLI's bundle ({@code dev/weft/jobs/cli/OptionHelp.properties}).
 */
public final class JsonOption {
  @Option(names = "--json", descriptionKey = "json", description = "Print JSON.")
  boolean json;

  /** Whether the command prints JSON. */
  public boolean on() {
    return json;
  }
}
