package dev.weft.jobs.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The golden end-to-end test: index the committed mixed corpus through the CLI and assert exact hits
 * (path, 1-based lines, kind, format, node type, symbol; scores are left out so an analyzer tweak that keeps
 * the ranking does not churn the file).
 */
public class GoldenCorpusTest {
  static final Path GOLDEN = Path.of("../testdata/golden-corpus").toAbsolutePath().normalize();

  /** How the calls run: in this JVM, or through a warm server ({@link WarmGoldenCorpusTest}). */
  static Function<String[], CliRun> cli = CliRun::of;

  @TempDir static Path tmp;
  static Path root;
  static String index;

  @BeforeAll
  static void indexGoldenCorpus() throws IOException {
    indexInto("corpus", "index");
  }

  /** Copies the corpus to {@code tmp/corpusName} and indexes it into {@code tmp/indexName} through {@link #cli}. */
  static void indexInto(String corpusName, String indexName) throws IOException {
    root = copy(GOLDEN, tmp.resolve(corpusName));
    index = tmp.resolve(indexName).toString();
    CliRun run = cli.apply(
        new String[] {"index", root.toString(), "--index", index, "--quiet", "--runner", "inprocess"});
    assertThat(run.exit()).as(run.err()).isZero();
    assertThat(run.out()).contains("published generation 1", "added\t5", "chunks\t22");
  }

  @Test
  void codeQueriesFindTheDeclaringChunk() {
    assertThat(recall("split camel case", "--kind", "code"))
        .containsExactly("app/tokenizer.py\t8-10\tcode\tpython\tfunction\tsplit_camel_case");
    assertThat(recall("refill permits", "--kind", "code"))
        .containsExactly("src/main/java/com/acme/RateLimiter.java\t38-44\tcode\tjava\tmethod\trefill");
    assertThat(recall("evict oldest", "--kind", "code"))
        .containsExactly("web/src/cache.ts\t8-22\tcode\ttypescript\tfunction\tevictOldest");
  }

  @Test
  void kindsAreRankedApartAndGrouped() {
    // doc files are ranked as wholes (recall.md): the short release notes, "token buckets" in 40 words, before
    // the guide, whose hit is still the section that holds the words
    assertThat(recall("token bucket")).containsExactly(
        "src/main/java/com/acme/RateLimiter.java\t6-14\tcode\tjava\tclass\tRateLimiter",
        "docs/release-notes.txt\t1-5\tdoc\ttext\tparagraphs\t",
        "docs/guide.md\t10-13\tdoc\tmarkdown\tsection\tRate limiting");
    assertThat(recall("installer data directory", "--kind", "doc")).containsExactly(
        "docs/guide.md\t5-8\tdoc\tmarkdown\tsection\tInstalling",
        "docs/release-notes.txt\t1-5\tdoc\ttext\tparagraphs\t");
  }

  @Test
  void allChunksListsEveryMatchingChunkOfAFile() {
    // "permits" also finds "permit" (plurals fold): tryAcquire's "Takes one permit" ranks first
    assertThat(recall("permits", "--kind", "code", "--all-chunks")).containsExactly(
        "src/main/java/com/acme/RateLimiter.java\t24-36\tcode\tjava\tmethod\ttryAcquire",
        "src/main/java/com/acme/RateLimiter.java\t16-22\tcode\tjava\tconstructor\tRateLimiter",
        "src/main/java/com/acme/RateLimiter.java\t38-44\tcode\tjava\tmethod\trefill",
        "src/main/java/com/acme/RateLimiter.java\t6-14\tcode\tjava\tclass\tRateLimiter");
  }

  @Test
  void jsonHitsCarryTheOneBasedLinesTheTsvPrintsAndGetTakes() {
    CliRun run = cli.apply(new String[] {"recall", "troubleshooting", "--kind", "doc", "--json", "--index", index});
    assertThat(run.exit()).isZero();
    assertThat(run.out()).startsWith("[{\"path\":\"docs/guide.md\",\"kind\":\"doc\",\"format\":\"markdown\",\"score\":")
        .contains("\"chunk\":{\"symbol\":\"Troubleshooting\",\"nodeType\":\"section\",\"startLine\":15,\"endLine\":18}}]");
  }

  @Test
  void getReturnsExactlyTheChunkRecallPointedAt() {
    CliRun run = cli.apply(new String[] {"get", "docs/guide.md", "--lines", "15-18", "--index", index});
    assertThat(run.exit()).isZero();
    assertThat(run.out()).isEqualTo("## Troubleshooting\n\nIf the service refuses to start, check the log for a "
        + "port conflict and make sure the\ndata directory is writable.\n");
    CliRun notAChunk = cli.apply(new String[] {"get", "docs/guide.md", "--lines", "2-3", "--index", index});
    assertThat(notAChunk.exit()).isEqualTo(1);
    assertThat(notAChunk.err()).contains("are not an indexed chunk");
  }

  private static String[] recall(String query, String... options) {
    String[] args = Stream.concat(Stream.of("recall", query, "--index", index), Stream.of(options))
        .toArray(String[]::new);
    CliRun run = cli.apply(args);
    assertThat(run.exit()).as(run.err()).isZero();
    return Stream.of(run.lines()).map(l -> l.substring(0, l.lastIndexOf('\t'))).toArray(String[]::new);
  }

  public static Path copy(Path source, Path target) throws IOException {
    try (Stream<Path> walk = Files.walk(source)) {
      for (Path p : walk.toList()) {
        Path dest = target.resolve(source.relativize(p).toString());
        if (Files.isDirectory(p)) {
          Files.createDirectories(dest);
        } else {
          Files.copy(p, dest);
        }
      }
    }
    return target;
  }
}
