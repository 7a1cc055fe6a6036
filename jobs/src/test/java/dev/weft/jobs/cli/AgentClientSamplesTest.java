package dev.weft.jobs.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.ParseResult;

/**
 * The agent-client samples of examples/clients are what docs/agents-clients.md shows (verbatim), and each launches
 * Weft with a command line the CLI accepts: {@code claude mcp add}, VS Code's {@code .vscode/mcp.json} and Claude
 * Desktop's config start {@code weft mcp}; Claude Code's settings run {@code weft hook session-start} and
 * {@code weft hook pre-edit} on the right events and tools, with a timeout above the hook's own deadline.
 */
class AgentClientSamplesTest {
  static final Path SAMPLES = Path.of("../examples/clients").toAbsolutePath().normalize();
  static final Path DOC = Path.of("../docs/agents-clients.md").toAbsolutePath().normalize();
  private static final ObjectMapper JSON = new ObjectMapper();

  private static String sample(String name) throws IOException {
    return Files.readString(SAMPLES.resolve(name));
  }

  /** Parses {@code argv} (without the leading {@code weft}) as the CLI would, and returns the leaf command. */
  private static Object leaf(List<String> argv) {
    CommandLine cli = WeftCli.commandTree(argv.get(0));
    ParseResult result = cli.parseArgs(argv.toArray(String[]::new));
    while (result.hasSubcommand()) {
      result = result.subcommand();
    }
    return result.commandSpec().userObject();
  }

  private static List<String> argv(JsonNode server) {
    assertThat(server.path("command").asText()).isEqualTo("weft");
    List<String> args = new ArrayList<>();
    server.path("args").forEach(arg -> args.add(arg.asText()));
    return args;
  }

  @Test
  void everySampleIsShownVerbatimInTheClientsDoc() throws IOException {
    String doc = Files.readString(DOC);
    try (var files = Files.list(SAMPLES)) {
      for (Path file : files.sorted().toList()) {
        assertThat(doc).as(file.getFileName().toString()).contains(Files.readString(file).strip());
      }
    }
  }

  @Test
  void claudeCodesMcpAddStartsWeftMcpOnTheProject() throws IOException {
    String line = sample("claude-code-mcp-add.sh").strip();
    assertThat(line).startsWith("claude mcp add weft -- weft ");

    List<String> argv = List.of(line.substring(line.indexOf(" -- weft ") + " -- weft ".length()).split(" "));

    assertThat(argv).containsExactly("mcp", "--root", ".");
    assertThat(leaf(argv)).isInstanceOf(McpCommand.class);
  }

  @Test
  void vsCodeAndClaudeDesktopStartWeftMcpOverStdio() throws IOException {
    JsonNode vscode = JSON.readTree(sample("vscode-mcp.json")).at("/servers/weft");
    JsonNode desktop = JSON.readTree(sample("claude-desktop-config.json")).at("/mcpServers/weft");

    assertThat(vscode.path("type").asText()).isEqualTo("stdio");
    assertThat(argv(vscode)).containsExactly("mcp", "--root", "${workspaceFolder}");
    assertThat(leaf(argv(vscode))).isInstanceOf(McpCommand.class);
    assertThat(leaf(argv(desktop))).isInstanceOf(McpCommand.class);
    assertThat(Path.of(argv(desktop).get(2)).isAbsolute()).as("Claude Desktop has no project directory").isTrue();
  }

  @Test
  void claudeCodesHooksRunTheWeftHooksOnTheirEvents() throws IOException {
    JsonNode hooks = JSON.readTree(sample("claude-code-settings.json")).path("hooks");
    JsonNode preEdit = hooks.at("/PreToolUse/0");
    JsonNode sessionStart = hooks.at("/SessionStart/0");

    assertThat(preEdit.path("matcher").asText().split("\\|")).containsExactlyInAnyOrderElementsOf(EditedLines.TOOLS);
    assertThat(preEdit.at("/hooks/0/type").asText()).isEqualTo("command");
    List<String> preEditArgv = command(preEdit);
    assertThat(leaf(preEditArgv)).isInstanceOf(HookPreEditCommand.class);
    HookPreEditCommand parsed = (HookPreEditCommand) leaf(preEditArgv);
    assertThat(preEdit.at("/hooks/0/timeout").asLong()).as("Claude Code's timeout (s) is above the hook's deadline")
        .isGreaterThan(parsed.deadline.toSeconds());
    assertThat(sessionStart.path("matcher").asText()).contains("startup");
    assertThat(leaf(command(sessionStart))).isInstanceOf(HookSessionStartCommand.class);
  }

  private static List<String> command(JsonNode matcher) {
    String command = matcher.at("/hooks/0/command").asText();
    assertThat(command).startsWith("weft ");
    return List.of(command.substring("weft ".length()).split(" "));
  }
}
