package dev.weft.jobs.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.weft.jobs.warm.NativeClient;
import dev.weft.jobs.warm.WarmFixture;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A warm call prints exactly what the cold one does: the same stdout, stderr and exit code, byte for byte. */
class WarmCliTest {
  @TempDir static Path tmp;
  static WarmFixture warm;
  /** The same server's calls made by the native client, as the launcher makes them (null without gcc). */
  static WarmFixture nativeWarm;
  static Path root;
  static String index;

  @BeforeAll
  static void indexGoldenCorpus() throws IOException {
    root = GoldenCorpusTest.copy(GoldenCorpusTest.GOLDEN, tmp.resolve("corpus"));
    index = tmp.resolve("index").toString();
    assertThat(CliRun.of("index", root.toString(), "--index", index, "--quiet").exit()).isZero();
    warm = WarmFixture.start(tmp.resolve("warm"));
    nativeWarm = NativeClient.built() ? WarmFixture.startNative(tmp.resolve("native")) : null;
  }

  @AfterAll
  static void stop() {
    warm.close();
    if (nativeWarm != null) {
      nativeWarm.close();
    }
  }

  @Test
  void everyOutcomeIsByteIdenticalWarmAndCold() {
    for (String[] call : outcomes()) {
      sameWarmAndCold(warm, call);
    }
  }

  @Test
  void everyOutcomeIsByteIdenticalThroughTheNativeClient() {
    assumeTrue(nativeWarm != null, "no native client: the build found no gcc");
    for (String[] call : outcomes()) {
      sameWarmAndCold(nativeWarm, call);
    }
    sameWarmAndCold(nativeWarm, "recall", "café ünïcödé 東京", "--index", index); // UTF-8 argv, as Java decodes it
  }

  /** Calls with every kind of outcome: hits, nothing found, bad input, usage, a missing index, help. */
  private static List<String[]> outcomes() {
    String missing = tmp.resolve("no-such-index").toString();
    return List.of(
        new String[] {"recall", "token bucket", "--index", index},
        new String[] {"recall", "refill permits", "--kind", "code", "--all-chunks", "--json", "--index", index},
        new String[] {"recall", "zzyzx", "--index", index},                       // nothing found: exit 1
        new String[] {"recall", "token", "-n", "0", "--index", index},            // bad input: exit 2
        new String[] {"recall", "token", "--kind", "poem", "--index", index},
        new String[] {"recall", "token", "--no-such-option", "--index", index},  // usage on stderr
        new String[] {"recall", "token", "--index", missing},
        new String[] {"get", "docs/guide.md", "--lines", "15-18", "--index", index},
        new String[] {"get", "docs/guide.md", "--lines", "2-3", "--index", index},
        new String[] {"get", "../outside", "--index", index},
        new String[] {"stats", "--index", index},
        new String[] {"generations", "--index", index},
        new String[] {"generations", "--json", "--index", index},
        new String[] {"recall", "--help"});
  }

  @Test
  void aBadIdleIsRefusedByNameBeforeAServerStarts() {
    CliRun run = CliRun.of("serve", "--idle", "soon");
    assertThat(run.exit()).isEqualTo(2);
    assertThat(run.err()).isEqualTo("weft: --idle must be a whole number with ms, s, m or h (500ms, 10s, 2m, 1h) or "
        + "ISO-8601 (PT30S), got: soon\n");
    assertThat(CliRun.of("serve", "--idle", "0s").err()).isEqualTo("weft: --idle must be longer than zero, got: 0s\n");
  }

  @Test
  void verboseKeepsTheLineAndAddsTheServersStack() {
    String[] call = {"recall", "token", "--index", index, "--verbose", "-n", "0"};
    CliRun cold = CliRun.of(call);
    WarmFixture.Result hot = warm.run(call);
    assertThat(hot.exit()).isEqualTo(cold.exit()).isEqualTo(2);
    assertThat(hot.err().lines().limit(2)).containsExactlyElementsOf(cold.err().lines().limit(2).toList());
    assertThat(hot.err()).contains("at dev.weft.jobs.cli.RecallCommand.call");
  }

  @Test
  void aPublishByAnotherRunIsVisibleToTheNextWarmRecall() throws IOException {
    Path corpus = Files.createDirectories(tmp.resolve("moving"));
    Files.writeString(corpus.resolve("a.md"), "# A\n\naardvark\n");
    String moving = tmp.resolve("moving-index").toString();
    assertThat(warm.run("index", corpus.toString(), "--index", moving, "--quiet").exit()).isZero();
    assertThat(warm.run("recall", "wombat", "--index", moving).exit()).isEqualTo(1);

    Files.writeString(corpus.resolve("b.md"), "# B\n\nwombat\n");
    assertThat(CliRun.of("index", corpus.toString(), "--index", moving, "--quiet").exit()).isZero(); // not warm

    WarmFixture.Result after = warm.run("recall", "wombat", "--index", moving);
    assertThat(after.exit()).as(after.err()).isZero();
    assertThat(after.out()).startsWith("b.md\t");
  }

  @Test
  void aRollbackByAnotherRunIsVisibleToTheNextWarmCall() throws IOException {
    Path corpus = Files.createDirectories(tmp.resolve("rolled"));
    Files.writeString(corpus.resolve("a.md"), "# A\n\naardvark\n");
    String rolled = tmp.resolve("rolled-index").toString();
    assertThat(warm.run("index", corpus.toString(), "--index", rolled, "--quiet").exit()).isZero();
    Files.writeString(corpus.resolve("b.md"), "# B\n\nwombat\n");
    assertThat(warm.run("index", corpus.toString(), "--index", rolled, "--quiet").exit()).isZero();
    assertThat(warm.run("recall", "wombat", "--index", rolled).out()).startsWith("b.md\t");
    assertThat(warm.heldIndexes()).as("the server keeps the index open").isPositive();

    assertThat(CliRun.of("rollback", "1", "--index", rolled).exit()).isZero(); // not warm

    sameWarmAndCold("recall", "wombat", "--index", rolled);
    sameWarmAndCold("stats", "--index", rolled);
    assertThat(warm.run("recall", "wombat", "--index", rolled).exit()).isEqualTo(1);
  }

  @Test
  void anIndexDeletedAndMadeAgainIsReadAfreshByTheNextWarmCall() throws IOException {
    Path first = Files.createDirectories(tmp.resolve("first"));
    Files.writeString(first.resolve("a.md"), "# A\n\naardvark\n");
    Path remade = tmp.resolve("remade-index");
    assertThat(warm.run("index", first.toString(), "--index", remade.toString(), "--quiet").exit()).isZero();
    assertThat(warm.run("recall", "aardvark", "--index", remade.toString()).out()).startsWith("a.md\t");

    delete(remade);
    sameWarmAndCold("recall", "aardvark", "--index", remade.toString()); // no index: exit 2, named

    Path second = Files.createDirectories(tmp.resolve("second"));
    Files.writeString(second.resolve("z.md"), "# Z\n\nwombat\n");
    // generation 1 again, its Lucene segment named as the first one's was
    assertThat(CliRun.of("index", second.toString(), "--index", remade.toString(), "--quiet").exit()).isZero();

    sameWarmAndCold("recall", "aardvark", "--index", remade.toString());
    sameWarmAndCold("recall", "wombat", "--index", remade.toString());
    assertThat(warm.run("recall", "wombat", "--index", remade.toString()).out()).startsWith("z.md\t");
  }

  private static void sameWarmAndCold(String... call) {
    sameWarmAndCold(warm, call);
  }

  private static void sameWarmAndCold(WarmFixture through, String... call) {
    CliRun cold = CliRun.of(call);
    WarmFixture.Result hot = through.run(call);
    assertThat(hot.exit()).as(String.join(" ", call)).isEqualTo(cold.exit());
    assertThat(hot.out()).as(String.join(" ", call)).isEqualTo(cold.out());
    assertThat(hot.err()).as(String.join(" ", call)).isEqualTo(cold.err());
  }

  private static void delete(Path dir) throws IOException {
    try (Stream<Path> walk = Files.walk(dir)) {
      for (Path p : walk.sorted(Comparator.comparingInt(Path::getNameCount).reversed()).toList()) {
        Files.delete(p);
      }
    }
  }
}
