package dev.weft.jobs;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.jobs.warm.WarmFixture;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A warm call prints exactly what the cold one does: the same stdout, stderr and exit code, byte for byte. */
class WarmCliTest {
  @TempDir static Path tmp;
  static WarmFixture warm;
  static Path root;
  static String index;

  @BeforeAll
  static void indexGoldenCorpus() throws IOException {
    root = GoldenCorpusTest.copy(GoldenCorpusTest.GOLDEN, tmp.resolve("corpus"));
    index = tmp.resolve("index").toString();
    assertThat(CliRun.of("index", root.toString(), "--index", index, "--quiet").exit()).isZero();
    warm = WarmFixture.start(tmp.resolve("warm"));
  }

  @AfterAll
  static void stop() {
    warm.close();
  }

  @Test
  void everyOutcomeIsByteIdenticalWarmAndCold() {
    String missing = tmp.resolve("no-such-index").toString();
    List<String[]> calls = List.of(
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
    for (String[] call : calls) {
      CliRun cold = CliRun.of(call);
      WarmFixture.Result hot = warm.run(call);
      assertThat(hot.exit()).as(String.join(" ", call)).isEqualTo(cold.exit());
      assertThat(hot.out()).as(String.join(" ", call)).isEqualTo(cold.out());
      assertThat(hot.err()).as(String.join(" ", call)).isEqualTo(cold.err());
    }
  }

  @Test
  void aBadIdleIsRefusedByNameBeforeAServerStarts() {
    CliRun run = CliRun.of("serve", "--idle", "soon");
    assertThat(run.exit()).isEqualTo(2);
    assertThat(run.err()).isEqualTo("weft: --idle must be a duration such as 90s, 10m, 1h or PT10M, got: soon\n");
    assertThat(CliRun.of("serve", "--idle", "0s").err()).isEqualTo("weft: --idle must be longer than zero, got: 0s\n");
  }

  @Test
  void verboseKeepsTheLineAndAddsTheServersStack() {
    String[] call = {"recall", "token", "--index", index, "--verbose", "-n", "0"};
    CliRun cold = CliRun.of(call);
    WarmFixture.Result hot = warm.run(call);
    assertThat(hot.exit()).isEqualTo(cold.exit()).isEqualTo(2);
    assertThat(hot.err().lines().limit(2)).containsExactlyElementsOf(cold.err().lines().limit(2).toList());
    assertThat(hot.err()).contains("at dev.weft.jobs.RecallCommand.call");
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
}
