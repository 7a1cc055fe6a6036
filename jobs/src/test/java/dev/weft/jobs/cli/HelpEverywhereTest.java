package dev.weft.jobs.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * {@code --help} works at every depth of the command tree: each command, nested ones too ({@code weft graph node},
 * {@code weft memory list}), prints its own usage and exits 0 — the hint every refusal ends with ("see
 * {@code weft ... --help}") never leads to a second refusal.
 */
class HelpEverywhereTest {
  @Test
  void everyCommandAtEveryDepthPrintsItsUsageOnHelp() {
    List<List<String>> paths = new ArrayList<>();
    WeftCli.tree().getSubcommands().forEach((name, sub) -> collect(List.of(name), sub, paths));
    assertThat(paths).hasSizeGreaterThan(40).contains(List.of("graph", "node"), List.of("memory", "list"),
        List.of("program", "run"));

    for (List<String> path : paths) {
      List<String> argv = new ArrayList<>(path);
      argv.add("--help");
      CliRun run = CliRun.of(argv.toArray(String[]::new));

      assertThat(run.exit()).as("weft %s --help: %s", String.join(" ", path), run.err()).isZero();
      assertThat(run.out()).as("weft %s --help", String.join(" ", path))
          .contains("Usage: weft " + String.join(" ", path));
    }
  }

  private static void collect(List<String> path, CommandLine command, List<List<String>> into) {
    if (path.get(path.size() - 1).equals("help")) {
      return; // picocli's help command takes a command name, not --help
    }
    into.add(path);
    command.getSubcommands().forEach((name, sub) -> {
      List<String> longer = new ArrayList<>(path);
      longer.add(name);
      collect(longer, sub, into);
    });
  }
}
