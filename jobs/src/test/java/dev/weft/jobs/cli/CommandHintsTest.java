package dev.weft.jobs.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;

/**
 * Every hint a message gives as a command in backquotes ({@code `weft memory list`}) names a command that exists:
 * its subcommands, the action of a command that takes one ({@code ledger memory ACTION}) and its long options are
 * looked up in the command tree. A hint that names a command Weft does not have sends a user nowhere.
 */
class CommandHintsTest {
  /** A part of a hint computed at run time ({@code " + kind.label() + "}): any value is allowed there. */
  private static final String ANY = "{}";
  private static final Pattern HINT = Pattern.compile("`weft ([^`\"]*)`");
  private static final Pattern CONCATENATED = Pattern.compile("\"\\s*\\+\\s*\"");
  private static final Pattern COMPUTED = Pattern.compile("\"\\s*\\+\\s*[^\"`;]+?\\s*\\+\\s*\"");

  @Test
  void everyHintNamesACommandThatExists() throws IOException {
    CommandLine tree = WeftCli.tree();
    List<String> hints = hints(Path.of("..").toAbsolutePath().normalize());
    assertThat(hints).as("hints found in the sources").hasSizeGreaterThan(20);
    List<String> wrong = new ArrayList<>();
    for (String hint : hints) {
      if (!exists(tree, words(hint), 0)) {
        wrong.add(hint);
      }
    }
    assertThat(wrong).as("hints naming a command or option the CLI does not have").isEmpty();
  }

  @Test
  void theCheckRefusesACommandOrActionOrOptionThatDoesNotExist() {
    CommandLine tree = WeftCli.tree();
    assertThat(exists(tree, words("weft ledger memory list"), 0)).isFalse();
    assertThat(exists(tree, words("weft memory lists"), 0)).isFalse();
    assertThat(exists(tree, words("weft index --rebuilt"), 0)).isFalse();
    assertThat(exists(tree, words("weft ledger {} recall -n 100"), 0)).isTrue();
    assertThat(exists(tree, words("weft memory list --recent --kind {}"), 0)).isTrue();
  }

  /** The hints in every main source file, computed parts replaced by {@link #ANY}. */
  private static List<String> hints(Path repository) throws IOException {
    List<String> hints = new ArrayList<>();
    List<Path> sources;
    try (Stream<Path> walk = Files.walk(repository)) {
      sources = walk.filter(p -> p.toString().endsWith(".java") && p.toString().contains("/src/main/java/"))
          .sorted().toList();
    }
    for (Path source : sources) {
      String text = Files.readString(source);
      text = COMPUTED.matcher(text).replaceAll(ANY);
      text = CONCATENATED.matcher(text).replaceAll("");
      Matcher m = HINT.matcher(text);
      while (m.find()) {
        hints.add("weft " + m.group(1));
      }
    }
    return hints;
  }

  private static List<String> words(String hint) {
    return List.of(hint.substring("weft ".length()).trim().split("\\s+"));
  }

  /** Whether the words from {@code i} on name subcommands, an action and options {@code command} has. */
  private static boolean exists(CommandLine command, List<String> words, int i) {
    if (i == words.size()) {
      return true;
    }
    String word = words.get(i);
    if (word.startsWith("-")) {
      return options(command, words, i);
    }
    if (word.equals(ANY) && !command.getSubcommands().isEmpty()) {
      for (CommandLine sub : command.getSubcommands().values()) {
        if (exists(sub, words, i + 1)) {
          return true;
        }
      }
      return false;
    }
    CommandLine sub = command.getSubcommands().get(word);
    if (sub != null) {
      return exists(sub, words, i + 1);
    }
    List<PositionalParamSpec> positionals = command.getCommandSpec().positionalParameters();
    if (positionals.isEmpty()) {
      return !word.matches("[a-z][a-z-]*"); // a placeholder like <command> or FILE, not a missing subcommand
    }
    Iterable<String> actions = positionals.get(0).completionCandidates();
    if (actions != null && !word.equals(ANY) && word.matches("[a-z][a-z-]*")) {
      boolean known = false;
      for (String action : actions) {
        known |= action.equals(word);
      }
      if (!known) {
        return false;
      }
    }
    return options(command, words, i + 1);
  }

  /** Every long option among the words from {@code i} on is one of {@code command}'s. */
  private static boolean options(CommandLine command, List<String> words, int i) {
    for (String word : words.subList(i, words.size())) {
      if (word.startsWith("--")) {
        OptionSpec option = command.getCommandSpec().findOption(word.split("=", 2)[0]);
        if (option == null) {
          return false;
        }
      }
    }
    return true;
  }
}
