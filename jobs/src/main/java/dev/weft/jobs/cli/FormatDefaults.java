package dev.weft.jobs.cli;

import dev.weft.transforms.chunk.Formats;
import picocli.CommandLine.IDefaultValueProvider;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * Defaults the format registry decides, so {@code --extensions}' help ({@code ${DEFAULT-VALUE}}) lists what is
 * indexed without anyone keeping a copy of the list: annotation values must be constants, the registry is not.
 */
final class FormatDefaults implements IDefaultValueProvider {
  static final String EXTENSIONS = "--extensions";

  @Override
  public String defaultValue(ArgSpec argSpec) {
    if (argSpec instanceof OptionSpec option && EXTENSIONS.equals(option.longestName())) {
      // without the dots (the router adds them): the help would wrap lines inside ".js"; parts are trimmed
      return String.join(", ", Formats.defaultExtensions().stream().map(ext -> ext.substring(1)).toList());
    }
    return null;
  }
}
