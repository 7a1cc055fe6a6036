package dev.weft.jobs.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;

/**
 * The shared options ({@code --json}, {@code --quiet}, {@code --report}, mixins of {@code jobs.cli.options}) print
 * the help line of the command they are in: the command's key in {@code OptionHelp.properties} where it has one
 * ({@code weft.index.json}), else the mixin's own line. Read from {@code --help} as a user sees it.
 */
class SharedOptionHelpTest {
  private static final String BUNDLE = "/dev/weft/jobs/cli/OptionHelp.properties";

  @Test
  void indexHelpGivesItsOwnJsonAndReportLinesAndTheSharedQuietLine() {
    CliRun help = CliRun.of("index", "--help");

    assertThat(help.exit()).isZero();
    assertThat(helpLine(help.out(), "--json"))
        .isEqualTo("Print the run report as JSON (with --watch: one object per window).");
    assertThat(helpLine(help.out(), "--quiet")).isEqualTo("No progress on stderr.");
    assertThat(helpLine(help.out(), "--report=FILE")).isEqualTo("Also write the run report as JSON to FILE, "
        + "whether the run publishes or fails: counters, stage timings, throughput, dead letters, the generation; "
        + "`weft report FILE` draws it.");
  }

  @Test
  void statsHelpGivesTheSharedJsonLineAndNoQuietOrReport() {
    CliRun help = CliRun.of("stats", "--help");

    assertThat(help.exit()).isZero();
    assertThat(helpLine(help.out(), "--json")).isEqualTo("Print JSON.");
    assertThat(help.out()).doesNotContain("--quiet").doesNotContain("--report");
  }

  @Test
  void evalHelpGivesItsOwnQuietLine() {
    CliRun help = CliRun.of("eval", "--help");

    assertThat(help.exit()).isZero();
    assertThat(helpLine(help.out(), "--json")).isEqualTo("Print the report as JSON.");
    assertThat(helpLine(help.out(), "--quiet")).isEqualTo("No ingest progress on stderr.");
  }

  @Test
  void aMixinInsideAMixinReadsTheBundleToo() {
    // LedgerCommand.Common carries JsonOption; `weft ledger limits` takes Common
    CliRun help = CliRun.of("ledger", "limits", "--help");

    assertThat(help.exit()).isZero();
    assertThat(helpLine(help.out(), "--json")).isEqualTo("Print JSON.");
  }

  /**
   * A key names a command of the tree and a shared option that command takes, and that option prints its text: a
   * renamed command or a dropped option fails here instead of quietly falling back to the mixin's line.
   */
  @Test
  void everyKeyOfTheBundleIsTheHelpOfAnOptionThatExists() throws IOException {
    Properties bundle = new Properties();
    try (InputStream in = SharedOptionHelpTest.class.getResourceAsStream(BUNDLE)) {
      assertThat(in).as(BUNDLE).isNotNull();
      bundle.load(in);
    }

    assertThat(bundle).as("keys in " + BUNDLE).hasSizeGreaterThanOrEqualTo(14);
    assertThat(problems(bundle, WeftCli.tree())).isEmpty();
  }

  @Test
  void theCheckRefusesAKeyOfAMissingCommandOrOptionOrWithAnotherText() {
    Properties bundle = new Properties();
    bundle.setProperty("weft.indexes.json", "Print JSON.");
    bundle.setProperty("weft.stats.report", "Also write a report.");
    bundle.setProperty("weft.program.run.json", "Print something else.");
    bundle.setProperty("weft.graph.related.json", "Print {items: [{id, kind, format, hops, via}], truncated}.");

    assertThat(problems(bundle, WeftCli.tree())).hasSize(3)
        .anyMatch(p -> p.startsWith("weft.indexes.json: no command"))
        .anyMatch(p -> p.startsWith("weft.stats.report: no command"))
        .anyMatch(p -> p.startsWith("weft.program.run.json: prints Print the run report as JSON."));
  }

  /** What is wrong with each key of {@code bundle} against the command {@code tree}; empty when nothing is. */
  private static List<String> problems(Properties bundle, CommandLine tree) {
    List<CommandLine> commands = new ArrayList<>();
    collect(tree, commands);
    List<String> wrong = new ArrayList<>();
    for (String key : bundle.stringPropertyNames()) {
      String command = key.substring(0, key.lastIndexOf('.'));
      String descriptionKey = key.substring(key.lastIndexOf('.') + 1);
      Optional<OptionSpec> option = commands.stream()
          .filter(c -> c.getCommandSpec().qualifiedName(".").equals(command))
          .flatMap(c -> c.getCommandSpec().options().stream())
          .filter(o -> descriptionKey.equals(o.descriptionKey()))
          .findFirst();
      if (option.isEmpty()) {
        wrong.add(key + ": no command " + command + " with a shared option keyed " + descriptionKey);
      } else if (!String.join(" ", option.get().description())
          .equals(rendered(bundle.getProperty(key), option.get()))) {
        wrong.add(key + ": prints " + String.join(" ", option.get().description()));
      }
    }
    return wrong;
  }

  /** A bundle line as picocli prints it: {@code ${COMPLETION-CANDIDATES}} (the embedder's forms) expanded. */
  private static String rendered(String line, OptionSpec option) {
    if (option.completionCandidates() == null) {
      return line;
    }
    List<String> candidates = new ArrayList<>();
    option.completionCandidates().forEach(candidates::add);
    return line.replace("${COMPLETION-CANDIDATES}", String.join(", ", candidates));
  }

  private static void collect(CommandLine command, List<CommandLine> into) {
    into.add(command);
    command.getSubcommands().values().forEach(sub -> collect(sub, into));
  }

  /**
   * The description picocli prints beside {@code option} in a usage text, its wrapped lines joined: the option's
   * line starts within the first six columns, a continuation is indented further.
   */
  static String helpLine(String usage, String option) {
    String[] lines = usage.split("\\R");
    for (int i = 0; i < lines.length; i++) {
      String trimmed = lines[i].strip();
      if (indent(lines[i]) <= 6 && trimmed.startsWith(option + " ")) {
        StringBuilder text = new StringBuilder(trimmed.substring(trimmed.indexOf(option) + option.length()).strip());
        for (int j = i + 1; j < lines.length && indent(lines[j]) > 6 && !lines[j].isBlank(); j++) {
          text.append(' ').append(lines[j].strip());
        }
        return text.toString();
      }
    }
    throw new AssertionError(option + " is not in the usage:\n" + usage);
  }

  private static int indent(String line) {
    return line.length() - line.stripLeading().length();
  }
}
