package dev.weft.jobs.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.weft.api.Weft;
import dev.weft.context.IndexLocation;
import dev.weft.jobs.cli.CliRun;
import dev.weft.jobs.cli.GitGroundingCommandTest;
import dev.weft.jobs.cli.GoldenCorpusTest;
import dev.weft.jobs.cli.ImpactCommandTest;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The index never looks like the user's work: an index made inside a git work tree holds a {@code .gitignore} that
 * ignores it, and {@code weft recent} and the MCP {@code recent} tool never list its files even when no ignore rule
 * covers it (the file deleted, as in an index made before it existed), with the index's Lucene files and its ledger
 * (a remembered fact) both on disk.
 */
class RecentSkipsTheIndexTest {
  @TempDir Path tmp;

  @Test
  void anIndexInsideTheTreeIsIgnoredByGitAndNeverListedByRecentWhateverTheIgnoreRules() throws Exception {
    Path root = GoldenCorpusTest.copy(ImpactCommandTest.CORPUS, tmp.resolve("corpus"));
    GitGroundingCommandTest.git(root, "init", "-q");
    GitGroundingCommandTest.git(root, "add", "-A");
    GitGroundingCommandTest.git(root, "commit", "-q", "-m", "first");
    Path index = root.resolve(IndexLocation.DEFAULT_NAME);
    assertThat(CliRun.of("index", root.toString(), "--index", index.toString(), "--quiet", "--runner", "inprocess")
        .exit()).isZero();
    CliRun remember = CliRun.of("remember", "fact-1", "the", "ledger", "lives", "in", "the", "index",
        "--index", index.toString());
    assertThat(remember.exit()).as(remember.err()).isZero();

    assertThat(index.resolve(".gitignore")).hasContent(IndexLocation.GITIGNORE_TEXT.strip());
    assertThat(index.resolve("ledger")).isDirectory();
    CliRun clean = CliRun.of("recent", "--index", index.toString());
    assertThat(clean.exit()).as("no edit yet: " + clean.out()).isEqualTo(1);

    Files.delete(index.resolve(".gitignore")); // no rule covers the index now: git reports it as untracked
    Files.writeString(root.resolve("app/api.py"), "# edited\n", StandardCharsets.UTF_8);
    Files.setLastModifiedTime(root.resolve("app/api.py"), FileTime.from(Instant.ofEpochSecond(1_800_000_000)));

    CliRun recent = CliRun.of("recent", "--index", index.toString());
    assertThat(recent.exit()).as(recent.err()).isZero();
    assertThat(recent.out()).isEqualTo("app/api.py\tmodified\t2027-01-15T08:00:00Z\n");
    try (Weft weft = Weft.open(index)) {
      McpCorpus corpus = new McpCorpus(weft, root);
      PrintWriter log = new PrintWriter(new StringWriter(), true);
      InJvmMcp server = InJvmMcp.start(weft, corpus, new McpBackgroundIndex(corpus::run, weft::index, log),
          Map.of(WeftMcp.NO_BACKGROUND_INDEX, "1"), log);
      try {
        McpClient client = server.client();
        client.initialize();
        JsonNode result = client.call("recent", "{}");
        assertThat(result.at("/structuredContent/files").toString())
            .isEqualTo("[{\"path\":\"app/api.py\",\"status\":\"modified\",\"modified\":\"2027-01-15T08:00:00Z\"}]");
      } finally {
        server.stop();
      }
    }
  }

  @Test
  void aGitignoreTheUserPutInTheIndexDirectoryIsKept() throws IOException {
    Path root = GoldenCorpusTest.copy(ImpactCommandTest.CORPUS, tmp.resolve("corpus"));
    Path index = Files.createDirectories(tmp.resolve("index"));
    Files.writeString(index.resolve(".gitignore"), "lucene/\n");

    assertThat(CliRun.of("index", root.toString(), "--index", index.toString(), "--quiet", "--runner",
        "inprocess").exit()).isZero();

    assertThat(index.resolve(".gitignore")).hasContent("lucene/");
  }
}
