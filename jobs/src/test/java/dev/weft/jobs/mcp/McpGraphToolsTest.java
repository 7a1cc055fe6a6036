package dev.weft.jobs.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.weft.api.Weft;
import dev.weft.jobs.cli.CliRun;
import dev.weft.jobs.cli.GitGroundingCommandTest;
import dev.weft.jobs.cli.GoldenCorpusTest;
import dev.weft.jobs.cli.GraphCliTest;
import dev.weft.jobs.cli.ImpactCommandTest;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * graph_node, graph_related, impact and recent over in-JVM pipes, on the graph and impact fixtures committed to a
 * git work tree: each tool's structured result equals the CLI's {@code --json} output, and each failure is the
 * CLI's line, in-band.
 */
class McpGraphToolsTest {
  @TempDir Path tmp;
  private Path root;
  private String index;
  private Weft weft;
  private InJvmMcp server;
  private McpClient client;

  @BeforeEach
  void start() throws IOException {
    root = GoldenCorpusTest.copy(GraphCliTest.GRAPH, tmp.resolve("tree"));
    GoldenCorpusTest.copy(ImpactCommandTest.CORPUS, root.resolve("impact"));
    GitGroundingCommandTest.git(root, "init", "-q");
    GitGroundingCommandTest.git(root, "add", "-A");
    GitGroundingCommandTest.git(root, "commit", "-q", "-m", "first");
    index = tmp.resolve("index").toString();
    CliRun run = CliRun.of("index", root.toString(), "--index", index, "--quiet", "--runner", "inprocess");
    assertThat(run.exit()).as(run.err()).isZero();
    weft = Weft.open(Path.of(index));
    McpCorpus corpus = new McpCorpus(weft, root);
    PrintWriter log = new PrintWriter(new StringWriter(), true);
    server = InJvmMcp.start(weft, corpus, new McpBackgroundIndex(corpus::run, weft::index, log),
        Map.of(WeftMcp.NO_BACKGROUND_INDEX, "1"), log);
    client = server.client();
    client.initialize();
  }

  @AfterEach
  void stop() throws Exception {
    server.stop();
    weft.close();
  }

  /** The tool's structuredContent, checked against the CLI's --json for the same question. */
  private JsonNode sameAsCli(String tool, String arguments, String... cli) {
    JsonNode result = client.call(tool, arguments);
    assertThat(result.path("isError").asBoolean()).as(tool + ": " + result).isFalse();
    CliRun run = CliRun.of(cli);
    assertThat(run.exit()).as(run.err()).isZero();
    JsonNode structured = result.path("structuredContent");
    assertThat(structured).isEqualTo(McpClient.json(run.out().strip()));
    assertThat(McpClient.json(result.at("/content/0/text").asText())).isEqualTo(structured);
    return structured;
  }

  /** The tool's in-band error, checked against the CLI's stderr line and exit status. */
  private void sameFailureAsCli(String tool, String arguments, String... cli) {
    JsonNode result = client.call(tool, arguments);
    CliRun run = CliRun.of(cli);
    assertThat(result.path("isError").asBoolean()).as(tool + ": " + result).isTrue();
    assertThat(result.at("/content/0/text").asText()).isEqualTo(run.err().strip());
    assertThat(result.at("/structuredContent/exitCode").asInt()).isEqualTo(run.exit()).isNotZero();
  }

  @Test
  void graphNodeIsTheCliJsonNodeWithItsGitActivity() {
    JsonNode node = sameAsCli("graph_node", "{\"path\":\"go/internal/cart/cart.go\"}",
        "graph", "node", "go/internal/cart/cart.go", "--json", "--index", index);
    assertThat(node.at("/edges/imports").asInt()).isEqualTo(1);
    assertThat(node.at("/git/commits").asInt()).isEqualTo(1);
    assertThat(node.at("/chunks/1/symbol").asText()).isEqualTo("Total");
  }

  @Test
  void graphRelatedIsTheCliJsonIncludingTheClamp() {
    JsonNode related = sameAsCli("graph_related", "{\"path\":\"py/pkg/util.py\",\"dir\":\"both\",\"hops\":5}",
        "graph", "related", "py/pkg/util.py", "--dir", "both", "--hops", "5", "--json", "--index", index);
    assertThat(related.path("truncated").asBoolean()).isTrue();
    assertThat(related.at("/items/0/id").asText()).isEqualTo("py/pkg/core.py");
    JsonNode defaults = sameAsCli("graph_related", "{\"path\":\"ts/src/app.ts\"}",
        "graph", "related", "ts/src/app.ts", "--json", "--index", index);
    assertThat(defaults.path("items").size()).isEqualTo(2);
    assertThat(defaults.path("truncated").asBoolean()).isFalse();
  }

  @Test
  void impactIsTheCliJsonImpact() {
    JsonNode impact = sameAsCli("impact", "{\"symbol\":\"tryAcquire\"}",
        "impact", "tryAcquire", "--json", "--index", index);
    assertThat(impact.path("risk").asText()).isEqualTo("medium");
    assertThat(impact.path("callers").size()).isEqualTo(3);
  }

  @Test
  void recallSpreadsOverTheImportGraphAsTheCliDoes() {
    JsonNode result = client.call("recall", "{\"query\":\"greet\",\"kind\":\"code\",\"n\":5,\"spread\":0.5}");
    CliRun run = CliRun.of("recall", "greet", "--kind", "code", "-n", "5", "--spread", "0.5", "--json", "--index",
        index);
    CliRun plain = CliRun.of("recall", "greet", "--kind", "code", "-n", "5", "--json", "--index", index);

    assertThat(result.path("isError").asBoolean()).as(result.toString()).isFalse();
    assertThat(run.exit()).as(run.err()).isZero();
    assertThat(pathsAndScores(result.at("/structuredContent/hits"))).isEqualTo(pathsAndScores(McpClient.json(run.out())))
        .as("the spread changed the scores").isNotEqualTo(pathsAndScores(McpClient.json(plain.out())));
    assertThat(client.call("recall", "{\"query\":\"x\",\"kind\":\"fact\",\"spread\":0.1}").at("/content/0/text")
        .asText()).startsWith("weft: spread applies to code and doc");
  }

  @Test
  void recallHitsCarryTheirFilesGitActivityAsTheCliJsonDoes() {
    JsonNode flat = client.call("recall", "{\"query\":\"greet\",\"kind\":\"code\",\"n\":3}");
    CliRun run = CliRun.of("recall", "greet", "--kind", "code", "-n", "3", "--json", "--index", index);
    JsonNode groups = client.call("recall", "{\"query\":\"greet\"}");
    CliRun grouped = CliRun.of("recall", "greet", "--json", "--index", index);

    assertThat(run.exit()).as(run.err()).isZero();
    assertThat(flat.at("/structuredContent/hits")).isEqualTo(McpClient.json(run.out().strip()));
    assertThat(flat.at("/structuredContent/hits/0/git").toString())
        .isEqualTo("{\"commits\":1,\"lastCommit\":\"2023-11-14T22:13:20Z\",\"lastAuthor\":\"Alice\"}");
    assertThat(flat.path("structuredContent").has("note")).isFalse();
    assertThat(groups.at("/structuredContent/groups")).isEqualTo(McpClient.json(grouped.out().strip()));
    assertThat(groups.at("/structuredContent/groups/code/0/git/commits").asInt()).isEqualTo(1);
  }

  @Test
  void outsideGitRecallHitsHaveNoGitAndTheResultSaysWhy() throws IOException {
    Files.walk(root.resolve(".git")).sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());

    JsonNode result = client.call("recall", "{\"query\":\"greet\",\"kind\":\"code\"}");

    assertThat(result.path("isError").asBoolean()).as(result.toString()).isFalse();
    assertThat(result.at("/structuredContent/hits").size()).isPositive();
    assertThat(result.at("/structuredContent/hits").toString()).doesNotContain("\"git\"");
    assertThat(result.at("/structuredContent/note").asText())
        .startsWith("no git activity: " + root + " is not in a git work tree with a commit");
  }

  private static List<String> pathsAndScores(JsonNode hits) {
    List<String> rows = new ArrayList<>();
    hits.forEach(hit -> rows.add(hit.path("path").asText() + " " + hit.path("score").asText()));
    return rows;
  }

  @Test
  void recentListsTheUncommittedEditsAsTheCliJsonArray() throws IOException {
    Files.writeString(root.resolve("py/main.py"), "# edited\n", StandardCharsets.UTF_8);
    Files.setLastModifiedTime(root.resolve("py/main.py"), FileTime.from(Instant.ofEpochSecond(1_800_000_000)));

    JsonNode result = client.call("recent", "{}");
    CliRun run = CliRun.of("recent", "--json", "--index", index);

    assertThat(result.path("isError").asBoolean()).as(result.toString()).isFalse();
    assertThat(run.exit()).as(run.err()).isZero();
    assertThat(result.at("/structuredContent/files")).isEqualTo(McpClient.json(run.out().strip()));
    assertThat(result.at("/structuredContent/files").toString())
        .isEqualTo("[{\"path\":\"py/main.py\",\"status\":\"modified\",\"modified\":\"2027-01-15T08:00:00Z\"}]");
  }

  @Test
  void noEditedFileIsAnEmptyListNotAnError() {
    JsonNode result = client.call("recent", "{}");

    assertThat(result.path("isError").asBoolean()).as(result.toString()).isFalse();
    assertThat(result.at("/structuredContent/files").isArray()).isTrue();
    assertThat(result.at("/structuredContent/files").size()).isZero();
  }

  @Test
  void failuresAreTheCliLinesInBand() throws IOException {
    sameFailureAsCli("graph_node", "{\"path\":\"no/such.ts\"}", "graph", "node", "no/such.ts", "--index", index);
    sameFailureAsCli("graph_related", "{\"path\":\"no/such.ts\",\"dir\":\"in\"}",
        "graph", "related", "no/such.ts", "--dir", "in", "--index", index);
    sameFailureAsCli("impact", "{\"symbol\":\"noSuchSymbol\"}", "impact", "noSuchSymbol", "--index", index);
    sameFailureAsCli("impact", "{\"symbol\":\"a-b\"}", "impact", "a-b", "--index", index);

    Files.walk(root.resolve(".git")).sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
    sameFailureAsCli("recent", "{}", "recent", "--index", index);
  }

  @Test
  void theSchemasRefuseBadArgumentsBeforeTheCall() {
    assertThat(client.call("graph_related", "{\"path\":\"a.ts\",\"hops\":0}").at("/content/0/text").asText())
        .startsWith("weft: invalid arguments for tool 'graph_related': at /hops (rule 'minimum')");
    assertThat(client.call("graph_related", "{\"path\":\"a.ts\",\"dir\":\"up\"}").at("/content/0/text").asText())
        .contains("at /dir (rule 'enum')");
    assertThat(client.call("graph_node", "{}").at("/content/0/text").asText()).contains("(rule 'required')", "path");
    assertThat(client.call("impact", "{\"symbol\":\"\"}").at("/content/0/text").asText())
        .contains("at /symbol (rule 'minLength')");
    assertThat(client.call("recent", "{\"n\":3}").at("/content/0/text").asText())
        .contains("(rule 'additionalProperties')");
  }
}
