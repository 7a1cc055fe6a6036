package dev.weft.jobs.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;

/**
 * Every {@code weft SUBCOMMAND ... --flag} the docs quote — in a code span or a shell block of README.md and
 * docs/*.md — names a flag that subcommand has in the picocli model (its own options, its mixins', every alias): a
 * doc that quotes a flag the CLI does not have sends its reader to "Unknown option". The messages' hints are held
 * the same way by {@link CommandHintsTest}.
 */
class DocFlagsTest {
  private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();

  /**
   * Quotes that cannot be checked against the model, each with the reason: {@code "FILE: weft COMMAND --flag"}.
   */
  private static final Map<String, String> ALLOWED = Map.of();

  private static final Pattern FENCE = Pattern.compile("^\\s*(```|~~~)\\s*([A-Za-z]*).*$");
  /** A code span: a run of backticks, then the text up to a run of exactly as many, within a paragraph. */
  private static final Pattern SPAN =
      Pattern.compile("(?<!`)(`+)(?!`)((?:(?!\\n\\n).)+?)(?<!`)\\1(?!`)", Pattern.DOTALL);
  private static final Pattern WEFT = Pattern.compile("(?:[\\w./-]*/)?weft(?:\\.jar)?");
  private static final Pattern FLAG = Pattern.compile("^[\\[(]*(--[a-z][A-Za-z0-9-]*)");
  private static final Pattern QUOTED = Pattern.compile("\"[^\"]*\"|'[^']*'");
  private static final Pattern SHELL_END = Pattern.compile("&&|\\|\\||;|\\s\\|\\s|\\$\\(|\\)|\\s\\d?>");
  private static final Set<String> SHELL = Set.of("sh", "bash", "shell", "console");
  private static final Set<String> CLASS_PATH = Set.of("-cp", "-classpath", "--class-path");

  /** A quoted command line: where it is, its text, and whether it is a shell line (a pipe ends a command there). */
  record Quote(String where, String text, boolean shell) {}

  @Test
  void everyFlagTheDocsQuoteExistsOnItsCommand() throws IOException {
    CommandLine tree = WeftCli.tree();
    List<Path> docs = new ArrayList<>(List.of(ROOT.resolve("README.md")));
    try (Stream<Path> files = Files.list(ROOT.resolve("docs"))) {
      files.filter(p -> p.toString().endsWith(".md")).sorted().forEach(docs::add);
    }
    List<String> wrong = new ArrayList<>();
    int checked = 0;
    for (Path doc : docs) {
      String name = ROOT.relativize(doc).toString();
      for (Quote quote : quotes(name, Files.readString(doc))) {
        for (Problem problem : problems(tree, quote)) {
          checked++;
          if (problem.flag() != null && !ALLOWED.containsKey(name + ": " + problem.command() + " " + problem.flag())) {
            wrong.add(quote.where() + ": " + problem.command() + " has no " + problem.flag() + " (quoted as `"
                + quote.text().strip() + "`)");
          }
        }
      }
    }
    assertThat(checked).as("flags quoted with a weft command in the docs").isGreaterThan(500);
    assertThat(wrong).as("flags the docs quote that their command does not have").isEmpty();
  }

  @Test
  void theCheckFindsAFlagThatDoesNotExistAndOnlyThatOne() {
    String doc = """
        Run `weft index --rebuilt` or `weft program compile|run FILE --dataset PATH | --index DIR`; \
        ``a `weft get --bogus` ``.

        ```sh
        ./weft recall "a --fake query" --kind code | grep --count x && weft stats --json
        java -jar jobs/target/weft.jar bench ledger --steps 10 \\
          --threads 1,8 --nope   # weft index --also-not-checked
        claude mcp add weft -- weft mcp --root .
        java -cp weft.jar dev.weft.jobs.entry.ReindexJob --runner=FlinkRunner
        ```
        """;
    List<String> found = new ArrayList<>();
    List<String> ok = new ArrayList<>();
    for (Quote quote : quotes("x.md", doc)) {
      for (Problem problem : problems(WeftCli.tree(), quote)) {
        (problem.flag() == null ? ok : found).add(problem.where() + " " + problem.command() + " " + problem.flag());
      }
    }
    assertThat(found).containsExactlyInAnyOrder("x.md:1 weft index --rebuilt", "x.md:1 weft get --bogus",
        "x.md:5 weft bench ledger --nope");
    assertThat(ok).containsExactlyInAnyOrder("x.md:1 weft program compile|run null",
        "x.md:1 weft program compile|run null", "x.md:4 weft recall null", "x.md:4 weft stats null",
        "x.md:5 weft bench ledger null", "x.md:5 weft bench ledger null", "x.md:7 weft mcp null");
  }

  /**
   * One checked flag: where it was quoted, the command it was quoted with, and the flag when that command does not
   * have it (null when it does).
   */
  record Problem(String where, String command, String flag) {}

  /** The flags of every weft command in {@code quote}, each checked against the command tree. */
  private static List<Problem> problems(CommandLine tree, Quote quote) {
    List<Problem> problems = new ArrayList<>();
    String text = QUOTED.matcher(quote.text().replace("\\|", "|").replace('`', ' ')).replaceAll("Q");
    List<String> segments = quote.shell() ? List.of(SHELL_END.split(text)) : List.of(text.split("&&|;"));
    for (String segment : segments) {
      List<String> words = List.of(segment.trim().split("\\s+"));
      for (int i = 0; i < words.size(); i++) {
        boolean otherMain = i > 0 && CLASS_PATH.contains(words.get(i - 1)); // java -cp weft.jar SomeMain ...
        if (WEFT.matcher(words.get(i)).matches() && !otherMain) {
          i = command(tree, words, i + 1, quote.where(), problems) - 1;
        }
      }
    }
    return problems;
  }

  /**
   * Checks the weft command whose words start at {@code i}: its subcommands ({@code a|b} for either), then every
   * {@code --flag} until the next weft or a bare {@code --}; returns where it stopped.
   */
  private static int command(CommandLine root, List<String> words, int i, String where, List<Problem> problems) {
    Set<CommandLine> commands = Set.of(root);
    List<String> path = new ArrayList<>(List.of("weft"));
    for (; i < words.size(); i++) {
      Set<CommandLine> next = new LinkedHashSet<>();
      for (String part : words.get(i).split("\\|")) {
        commands.forEach(c -> {
          if (c.getSubcommands().containsKey(part)) {
            next.add(c.getSubcommands().get(part));
          }
        });
      }
      if (next.isEmpty()) {
        break;
      }
      commands = next;
      path.add(words.get(i));
    }
    String name = String.join(" ", path);
    for (; i < words.size() && !words.get(i).equals("--") && !WEFT.matcher(words.get(i)).matches(); i++) {
      for (String part : words.get(i).split("\\|")) {
        Matcher flag = FLAG.matcher(part);
        if (flag.find()) {
          problems.add(new Problem(where, name, has(commands, flag.group(1)) ? null : flag.group(1)));
        }
      }
    }
    return i;
  }

  private static boolean has(Set<CommandLine> commands, String flag) {
    for (CommandLine command : commands) {
      for (OptionSpec option : command.getCommandSpec().options()) {
        for (String name : option.names()) {
          if (name.equals(flag) || option.negatable() && flag.equals("--no-" + name.substring(2))) {
            return true;
          }
        }
      }
    }
    return false;
  }

  /** The code spans and the shell lines of a Markdown text, with their line numbers. */
  static List<Quote> quotes(String name, String markdown) {
    List<Quote> quotes = new ArrayList<>();
    String[] lines = markdown.split("\n", -1);
    StringBuilder prose = new StringBuilder();
    String fence = null;
    StringBuilder shellLine = null;
    int shellStart = 0;
    for (int n = 0; n < lines.length; n++) {
      String line = lines[n];
      Matcher open = FENCE.matcher(line);
      if (open.matches()) {
        fence = fence == null ? open.group(2).toLowerCase(Locale.ROOT) : null;
        prose.append('\n');
        continue;
      }
      if (fence == null) {
        prose.append(line).append('\n');
        continue;
      }
      prose.append('\n');
      boolean shell = SHELL.contains(fence);
      String command = shell ? line : line.startsWith("$ ") ? line.substring(2) : null;
      if (command == null) {
        continue;
      }
      command = command.replaceAll("(^|\\s)#.*$", "");
      if (shellLine == null) {
        shellLine = new StringBuilder();
        shellStart = n + 1;
      }
      boolean continued = command.endsWith("\\");
      shellLine.append(continued ? command.substring(0, command.length() - 1) : command).append(' ');
      if (!continued) {
        quotes.add(new Quote(name + ":" + shellStart, shellLine.toString(), true));
        shellLine = null;
      }
    }
    Matcher span = SPAN.matcher(prose);
    while (span.find()) {
      int line = 1 + (int) prose.substring(0, span.start()).chars().filter(c -> c == '\n').count();
      quotes.add(new Quote(name + ":" + line, span.group(2).replace('\n', ' '), false));
    }
    return quotes;
  }
}
