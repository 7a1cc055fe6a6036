package dev.weft.jobs.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code weft ledger ...}: output, exit codes and refusals through the CLI, on the Lucene store at INDEX/ledger. */
class LedgerCliTest {
  @TempDir Path tmp;

  private CliRun run(String... args) {
    String[] all = new String[args.length + 2];
    all[0] = "ledger";
    System.arraycopy(args, 0, all, 1, args.length);
    all[args.length + 1] = "--index=" + tmp.resolve("index");
    return CliRun.of(all);
  }

  @Test
  void aGoalIsSetProgressedShownAndClosed() {
    CliRun noGoal = run("goal", "show");
    assertThat(noGoal.exit()).isEqualTo(1);
    assertThat(noGoal.out()).startsWith("No active goal: no goal has been set.");

    assertThat(run("goal", "set", "ship", "the", "ledger").out()).isEqualTo("goal:1\n");
    assertThat(run("goal", "progress", "store", "written", "--evidence", "commit 832065b").out())
        .isEqualTo("progress:1\n");
    CliRun show = run("goal", "show");
    assertThat(show.exit()).isZero();
    assertThat(show.out())
        .contains(": ship the ledger\nProgress so far:\n- store written [evidence: commit 832065b]\n");
    assertThat(run("goal", "status", "completed").out()).isEqualTo("goal:1\tcompleted\n");
    CliRun reopen = run("goal", "status", "active");
    assertThat(reopen.exit()).isEqualTo(2);
    assertThat(reopen.err()).isEqualTo("weft: goal:1 is completed and cannot become active: set a new goal "
        + "instead\n");
  }

  @Test
  void aMemoryWithoutEvidenceIsRefusedAndOneWithEvidenceIsRecalled() {
    CliRun refused = run("memory", "add", "the build needs JDK 17");
    assertThat(refused.exit()).isEqualTo(2);
    assertThat(refused.err()).startsWith("weft: evidence refused at /: evidence is required");

    assertThat(run("memory", "add", "the build needs JDK 17", "--evidence", "pom.xml:21", "--tag", "build").out())
        .isEqualTo("memory:1\n");
    assertThat(run("memory", "add", "postgres on 5432", "--evidence", "compose.yml:4", "--tag", "db").out())
        .isEqualTo("memory:2\n");
    CliRun recall = run("memory", "recall", "--tag", "build");
    assertThat(recall.out()).isEqualTo("memory:1\t1.0000\tthe build needs JDK 17\t[\"build\"]\n");
    assertThat(run("memory", "recall", "--where", ".text | test(\"5432\")", "--json").out())
        .contains("\"id\":\"memory:2\"", "\"via\":\"sweep\"", "\"algorithm\":\"tags+recency\"");
    assertThat(run("memory", "recall", "--tag", "nothing").exit()).isEqualTo(1);

    CliRun badJq = run("memory", "recall", "--where", ".text | (");
    assertThat(badJq.exit()).isEqualTo(2);
    assertThat(badJq.err()).startsWith("weft: where '.text | (' is not a jq expression");
    for (String hostile : java.util.List.of("last(range(1e10))", "def f: f; f", "[range(1e9)]")) {
      CliRun bounded = run("memory", "recall", "--where", hostile);
      assertThat(bounded.exit()).as(hostile).isEqualTo(2);
      assertThat(bounded.err()).startsWith("weft: where '" + hostile + "' ").contains("(the jq ")
          .hasLineCount(1);
    }
    CliRun near = run("memory", "recall", "--near", "database port");
    assertThat(near.exit()).isEqualTo(2);
    assertThat(near.err()).contains("needs an embedder");

    assertThat(run("memory", "embed-missing", "--embedder", "hash:16").out()).isEqualTo("embedded\t2\nremaining\t0\n");
    assertThat(run("memory", "recall", "--near", "postgres port", "--embedder", "hash:16", "-n", "1").out())
        .startsWith("memory:2\t");
    // the ledger recorded the model embed-missing used: --near needs no --embedder, and another one is refused
    assertThat(run("memory", "recall", "--near", "postgres port", "-n", "1").out()).startsWith("memory:2\t");
    CliRun otherModel = run("memory", "recall", "--near", "postgres port", "--embedder", "hash:32");
    assertThat(otherModel.exit()).isEqualTo(2);
    assertThat(otherModel.err()).startsWith("weft: this ledger's vectors are made by hash-trigram-v1/16")
        .contains("the query would be embedded by hash-trigram-v1/32");
    assertThat(run("memory", "delete", "memory:1").out()).isEqualTo("memory:1\n");
    assertThat(run("memory", "get", "memory:1").exit()).isEqualTo(1);
    assertThat(run("memory", "get", "memory:2").out()).contains("text\tpostgres on 5432\n");
  }

  @Test
  void aMissingSubcommandOrActionIsBadUsageAndHelpListsThem() {
    CliRun bare = CliRun.of("ledger");
    assertThat(bare.exit()).isEqualTo(2);
    assertThat(bare.err()).contains("a ledger subcommand is required: goal, memory, skill, limits or report");
    CliRun unknown = run("memory", "forget", "memory:1");
    assertThat(unknown.exit()).isEqualTo(2);
    assertThat(unknown.err()).contains("unknown memory action 'forget': use one of add, get, delete, recall, embed-missing");
    CliRun help = CliRun.of("ledger", "memory", "--help");
    assertThat(help.exit()).isZero();
    assertThat(help.out()).contains("--evidence-json", "--where", "--near");
  }

  @Test
  void aBadEnvelopeIsRefusedByPointer() {
    CliRun refused = run("memory", "add", "x", "--evidence-json",
        "{\"version\": 2, \"artifacts\": [], \"evidence\": [], \"visibleEvidence\": [], \"claims\": []}");
    assertThat(refused.exit()).isEqualTo(2);
    assertThat(refused.err()).startsWith("weft: evidence refused at /version: unknown claim-evidence version 2");
  }

  @Test
  void skillsLimitsAndTheReport() {
    assertThat(run("skill", "add", "release", "--when", "cutting a release", "--instructions", "mvn verify").out())
        .isEqualTo("skill:1\n");
    assertThat(run("skill", "recall").out()).startsWith("skill:1\t0.0000\trelease\t");
    CliRun badLimit = run("limits", "--goal", "maxEntry=3");
    assertThat(badLimit.exit()).isEqualTo(2);
    assertThat(badLimit.err()).isEqualTo("weft: unknown goal limit 'maxEntry'; known: [maxEntries, maxChars, "
        + "maxBytes]\n");
    assertThat(run("limits", "--goal", "maxEntries=3", "--archive", "maxItems=10").exit()).isZero();
    CliRun report = run("report");
    assertThat(report.out()).contains("archive.limits.maxItems\t10\n", "goal.limits.maxEntries\t3\n",
        "footprint.kinds.skill.keys\t1\n");
    assertThat(run("skill", "delete", "memory:1").err()).contains("a skill address has the form skill:N");
  }
}
