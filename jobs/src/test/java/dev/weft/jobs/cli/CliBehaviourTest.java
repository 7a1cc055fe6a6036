package dev.weft.jobs.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Exit codes, stale pointers, generations and rollback through the CLI. */
class CliBehaviourTest {
  @TempDir Path tmp;
  Path root;
  String index;

  @BeforeEach
  void setUp() throws IOException {
    root = GoldenCorpusTest.copy(GoldenCorpusTest.GOLDEN, tmp.resolve("corpus"));
    index = tmp.resolve("index").toString();
    assertThat(CliRun.of("index", root.toString(), "--index", index, "--quiet").exit()).isZero();
  }

  @Test
  void embedOnAnIndexBuiltWithoutVectorsGivesEveryChunkOne() {
    CliRun plain = CliRun.of("stats", "--index", index);
    assertThat(plain.out()).contains("generation\t1\n").containsPattern("chunks_without_vector\t[1-9]");

    CliRun embed = CliRun.of("index", root.toString(), "--index", index, "--embedder", "hash:16", "--quiet");

    assertThat(embed.exit()).isZero();
    // nothing changed on disk, then the unchanged chunks got their vectors in a generation of their own
    assertThat(embed.out()).startsWith("nothing changed")
        .contains("embedded the chunks without a vector: published generation 2");
    CliRun stats = CliRun.of("stats", "--index", index);
    assertThat(stats.out()).contains("chunks_without_vector\t0\n").containsPattern("vectors.hash-trigram-v1/16\t[1-9]");
    // a bare --embed keeps the index's model rather than the default one
    assertThat(CliRun.of("index", root.toString(), "--index", index, "--embed", "--quiet").out())
        .startsWith("nothing changed").doesNotContain("embedded the chunks");
    assertThat(CliRun.of("recall", "token bucket", "--mode", "hybrid", "--index", index).exit()).isZero();
    assertThat(CliRun.of("recall", "token bucket", "--mode", "hybrid", "--fusion", "rrf", "--index", index).exit())
        .isZero();
    CliRun badRule = CliRun.of("recall", "token bucket", "--mode", "hybrid", "--fusion", "borda", "--index", index);
    assertThat(badRule.exit()).isEqualTo(2);
    assertThat(badRule.err()).contains("fusion must be one of minmax, zscore, rrf, got: borda");
    CliRun twoRules = CliRun.of("recall", "token bucket", "--mode", "hybrid", "--fusion", "minmax,rrf", "--index",
        index);
    assertThat(twoRules.exit()).isEqualTo(2);
    assertThat(twoRules.err()).contains("--fusion takes one rule here (eval takes a list), got: minmax,rrf");
  }

  @Test
  void keepGenerationsIsTheFlagAndKeepItsHiddenFormerSpelling() {
    CliRun kept = CliRun.of("index", root.toString(), "--index", index, "--force", "--keep-generations", "1",
        "--quiet");
    assertThat(kept.exit()).as(kept.err()).isZero();
    // one generation kept: the first is pruned, so it can no longer be served again
    assertThat(CliRun.of("rollback", "1", "--index", index).exit()).isNotZero();
    CliRun former = CliRun.of("index", root.toString(), "--index", index, "--force", "--keep", "1", "--quiet");
    assertThat(former.exit()).as(former.err()).isZero();
    assertThat(CliRun.of("rollback", "2", "--index", index).exit()).isNotZero();
    assertThat(CliRun.of("index", "--help").out()).contains("--keep-generations=N").doesNotContain("--keep=");
  }

  @Test
  void exitCodesSayOkNothingFoundAndBadUsage() {
    assertThat(CliRun.of("recall", "zyzzyva", "--index", index).exit()).isEqualTo(1);
    CliRun noQuery = CliRun.of("recall", "--index", index);
    assertThat(noQuery.exit()).isEqualTo(2);
    assertThat(noQuery.err()).isEqualTo("weft: Missing required parameter: 'QUERY'; see `weft recall --help`\n");
    CliRun badKind = CliRun.of("recall", "x", "--kind", "fiction", "--index", index);
    assertThat(badKind.exit()).isEqualTo(2);
    assertThat(badKind.err()).contains("kind must be one of code, doc (the corpus) or fact, episode (the memory); "
        + "got: fiction");
    CliRun badLines = CliRun.of("get", "docs/guide.md", "--lines", "5", "--index", index);
    assertThat(badLines.exit()).isEqualTo(2);
    assertThat(badLines.err()).contains("--lines must be A-B with 1 <= A <= B, got: 5");
  }

  @Test
  void aMissingRootOrIndexIsBadUsage() {
    CliRun missingRoot = CliRun.of("index", tmp.resolve("nope").toString(), "--index", index);
    assertThat(missingRoot.exit()).isEqualTo(2);
    assertThat(missingRoot.err()).contains("corpus root must be an existing directory");
    CliRun missingIndex = CliRun.of("recall", "x", "--index", tmp.resolve("no-index").toString());
    assertThat(missingIndex.exit()).isEqualTo(2);
    assertThat(missingIndex.err()).contains("run `weft index` first");
  }

  /** L9: {@code weft get $PWD/corpus/...} names the item inside the root; an absolute path elsewhere is refused. */
  @Test
  void getTakesAnAbsolutePathInsideTheRoot() throws IOException {
    CliRun inside = CliRun.of("get", root.resolve("docs/guide.md").toAbsolutePath().toString(), "--index", index);
    assertThat(inside.exit()).as(inside.err()).isZero();
    assertThat(inside.out()).isEqualTo(Files.readString(root.resolve("docs/guide.md")));
    Path elsewhere = Files.writeString(tmp.resolve("secret.md"), "secret\n");
    CliRun outside = CliRun.of("get", elsewhere.toString(), "--index", index);
    assertThat(outside.exit()).isEqualTo(2);
    assertThat(outside.err()).isEqualTo("weft: path must stay inside the corpus root " + root + ", got: "
        + elsewhere + "\n");
  }

  @Test
  void aDriftedFileIsAStalePointer() throws IOException {
    Files.writeString(root.resolve("docs/guide.md"), "# Rewritten\n");

    CliRun run = CliRun.of("get", "docs/guide.md", "--lines", "15-18", "--index", index);

    assertThat(run.exit()).isEqualTo(1);
    assertThat(run.out()).isEmpty();
    assertThat(run.err()).contains("stale pointer: docs/guide.md changed since it was indexed", "re-run `weft index`");
    assertThat(CliRun.of("get", "docs/guide.md", "--index", index).out()).isEqualTo("# Rewritten\n");
  }

  @Test
  void generationsAndRollback() throws IOException {
    Files.writeString(root.resolve("docs/new.md"), "# New\n\nquokka\n");
    assertThat(CliRun.of("index", root.toString(), "--index", index, "--quiet").out())
        .contains("published generation 2");
    assertThat(CliRun.of("recall", "quokka", "--index", index).exit()).isZero();

    CliRun generations = CliRun.of("generations", "--index", index);
    assertThat(generations.lines()).hasSize(2);
    assertThat(generations.lines()[0]).startsWith("*\t2\t");
    assertThat(generations.lines()[1]).startsWith(" \t1\t");

    assertThat(CliRun.of("rollback", "1", "--index", index).out()).startsWith("serving generation 1");
    assertThat(CliRun.of("recall", "quokka", "--index", index).exit()).isEqualTo(1);
    CliRun unknown = CliRun.of("rollback", "9", "--index", index);
    assertThat(unknown.exit()).isEqualTo(2);
    assertThat(unknown.err()).contains("9");
  }

  @Test
  void aNoOpPassSaysNothingChanged() {
    CliRun again = CliRun.of("index", root.toString(), "--index", index, "--quiet");
    assertThat(again.exit()).isZero();
    assertThat(again.out()).startsWith("nothing changed").contains("unchanged\t5");
  }
}
