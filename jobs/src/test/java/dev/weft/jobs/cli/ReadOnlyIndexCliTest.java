package dev.weft.jobs.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.weft.context.testing.AsNobody;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every memory and ledger read on a read-only index whose ledger exists answers (exit 0, or 1 for nothing found)
 * and changes nothing under the index; a write is refused in one line, exit 5 (docs/ledger.md, "Reading a
 * read-only store"). Run as nobody over files without write permission, as on a read-only mount: root, which runs
 * the tests, ignores chmod.
 */
class ReadOnlyIndexCliTest {
  @TempDir Path tmp;

  private Path index() {
    return tmp.resolve("index");
  }

  private CliRun run(String... args) {
    List<String> all = new ArrayList<>(List.of(args));
    all.add("--index=" + index());
    return CliRun.of(all.toArray(String[]::new));
  }

  @Test
  void everyMemoryAndLedgerReadAnswersOnAReadOnlyIndexAndAWriteIsRefused() throws Exception {
    assumeTrue(AsNobody.available(), "needs root and setpriv to run a child as nobody");
    assertThat(run("remember", "refund", "Refund policy: thirty days").exit()).isZero();
    assertThat(run("remember", "call", "Customer called about a refund", "--kind", "episode").exit()).isZero();
    assertThat(run("ledger", "goal", "set", "ship", "the", "ledger").exit()).isZero();
    assertThat(run("ledger", "memory", "add", "the build needs JDK 17", "--evidence", "pom.xml:21", "--tag",
        "build").exit()).isZero();
    // the last writes are still in the last commit's log: recall on the read-only index folds them in memory
    AsNobody nobody = AsNobody.in(tmp);
    AsNobody.readOnly(index());
    List<String> before = AsNobody.snapshot(index());

    assertThat(cli(nobody, "memory", "count").out()).isEqualTo("2\n");
    assertThat(cli(nobody, "memory", "list").out()).contains("refund\t", "call\t");
    assertThat(cli(nobody, "memory", "get", "refund").out()).contains("Refund policy: thirty days");
    assertThat(cli(nobody, "recall", "refunds", "--kind", "fact").out()).startsWith("refund\t");
    assertThat(cli(nobody, "recall", "refund", "--kind", "episode").out()).startsWith("call\t");
    assertThat(cli(nobody, "memory", "review").exit()).isEqualTo(1);
    assertThat(cli(nobody, "ledger", "goal", "show").out()).contains("ship the ledger");
    assertThat(cli(nobody, "ledger", "memory", "get", "memory:1").out()).contains("the build needs JDK 17");
    assertThat(cli(nobody, "ledger", "memory", "recall", "--tag", "build").out()).startsWith("memory:1\t");
    assertThat(cli(nobody, "ledger", "memory", "recall", "--tag", "nothing").exit()).isEqualTo(1);
    assertThat(cli(nobody, "ledger", "report").exit()).isZero();

    AsNobody.Run write = as(nobody, "remember", "new", "a fact");
    assertThat(write.exit()).isEqualTo(5);
    assertThat(write.err()).startsWith("weft: cannot write the store " + index().resolve("ledger"))
        .contains("the store is read-only").hasLineCount(1);
    assertThat(AsNobody.snapshot(index())).isEqualTo(before);
  }

  /** A read as nobody: it must answer, exit 0 or 1, with nothing on stderr. */
  private AsNobody.Run cli(AsNobody nobody, String... args) throws Exception {
    AsNobody.Run run = as(nobody, args);
    assertThat(run.exit()).as(String.join(" ", args) + ": " + run.err()).isIn(0, 1);
    assertThat(run.err()).as(String.join(" ", args)).isEmpty();
    return run;
  }

  private AsNobody.Run as(AsNobody nobody, String... args) throws Exception {
    List<String> all = new ArrayList<>(List.of(args));
    all.add("--index=" + index());
    return nobody.run(Map.of("WEFT_NO_SERVER", "1", "WEFT_RUN_DIR", tmp.resolve("run").toString()),
        WeftCli.class.getName(), all.toArray(String[]::new));
  }
}
