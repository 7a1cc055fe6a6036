package dev.weft.jobs.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.context.IndexLocation;
import dev.weft.context.testing.AsNobody;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The memory commands end to end through the facade and the Lucene store: output, exit codes, refusals. */
class MemoryCliTest {
  @TempDir Path tmp;

  private CliRun run(String... args) {
    String[] all = new String[args.length + 2];
    System.arraycopy(args, 0, all, 0, args.length);
    all[args.length] = "--index";
    all[args.length + 1] = tmp.resolve("index").toString();
    return CliRun.of(all);
  }

  @Test
  void rememberGetRecallAndForgetAFact() {
    assertThat(run("remember", "refund", "Refund", "policy:", "thirty", "days").out())
        .isEqualTo("created\trefund\tfact\tglobal\t1\n");
    assertThat(run("remember", "refund", "Refund policy: thirty days from delivery", "--by", "human").out())
        .isEqualTo("updated\trefund\tfact\tglobal\t1\n");
    run("remember", "refund#2", "Refunds go to the original card", "--kind", "fact");
    run("remember", "refundable", "Gift cards are not refundable");
    run("remember", "call", "Customer called about a refund", "--kind", "episode");

    CliRun get = run("memory", "get", "refund");
    assertThat(get.exit()).isZero();
    assertThat(get.out()).startsWith("refund\tfact\thuman\tglobal\t").endsWith("\t1\tRefund policy: thirty days from delivery\n");

    CliRun recall = run("recall", "refunds", "--kind", "fact");
    assertThat(recall.exit()).isZero();
    assertThat(recall.lines()).extracting(l -> l.split("\t")[0]).contains("refund", "refund#2")
        .doesNotContain("call");
    assertThat(run("recall", "refunds", "--kind", "episode").lines()).extracting(l -> l.split("\t")[0])
        .containsExactly("call");

    assertThat(run("forget", "refund").out()).isEqualTo("forgot\t2\n");
    assertThat(run("memory", "list").lines()).extracting(l -> l.split("\t")[0])
        .containsExactly("refundable", "call");
    assertThat(run("memory", "count", "--kind", "fact").out()).isEqualTo("1\n");
    assertThat(run("memory", "get", "refund").exit()).isEqualTo(1);
  }

  @Test
  void theFirstRememberIntoANewIndexDirectoryMarksItIgnored() {
    assertThat(run("remember", "k", "a fact").exit()).isZero();

    assertThat(tmp.resolve("index/.gitignore")).hasContent(IndexLocation.GITIGNORE_TEXT.strip());
  }

  @Test
  void aQueryOfAThousandWordsRecallsAsCorpusRecallDoes() {
    run("remember", "zebra", "a zebra crossed the road");

    CliRun recall = run("recall", "zebra ".repeat(1100).strip(), "--kind", "fact");

    assertThat(recall.exit()).as(recall.err()).isZero();
    assertThat(recall.lines()).extracting(l -> l.split("\t")[0]).containsExactly("zebra");
  }

  @Test
  void readingAMemoryNeverRememberedIntoCreatesNothing() throws IOException {
    Path index = tmp.resolve("index");
    Files.createDirectories(index);
    List<String> before = AsNobody.snapshot(tmp);

    CliRun count = run("memory", "count");

    assertThat(count.exit()).as(count.err()).isZero();
    assertThat(count.out()).isEqualTo("0\n");
    assertThat(run("memory", "list").lines()).isEmpty();
    assertThat(run("memory", "get", "k").exit()).isEqualTo(1);
    // no store made to answer, no lock taken: a read-only index answers the same (root ignores chmod, so the
    // proof here is that nothing under the index was created or modified)
    assertThat(AsNobody.snapshot(tmp)).isEqualTo(before);
    assertThat(index.resolve("ledger")).doesNotExist();
  }

  @Test
  void scopesAreApartOnTheCommandLine() {
    run("remember", "k", "alice's note", "--scope", "alice");
    run("remember", "k", "bob's note", "--scope", "bob/s1");
    assertThat(run("memory", "get", "k", "--scope", "alice").out()).contains("alice's note");
    assertThat(run("memory", "get", "k", "--scope", "bob/s1").out()).contains("bob's note");
    assertThat(run("memory", "get", "k").exit()).isEqualTo(1);
    assertThat(run("memory", "count", "--scope", "bob").out()).isEqualTo("0\n");
  }

  @Test
  void aMemoryRecallNamingNoModeIsHybridWhenTheMemoriesCarryAnEmbedderAndBm25Otherwise() {
    run("remember", "plain", "the deploy runbook lives in the wiki");
    String embedded = tmp.resolve("embedded").toString();
    assertThat(CliRun.of("remember", "v", "the deploy runbook lives in the wiki", "--embedder", "hash:32",
        "--index", embedded).exit()).isZero();

    CliRun bm25 = run("recall", "deploy runbook", "--kind", "fact", "--json");
    CliRun hybrid = CliRun.of("recall", "deploy runbook", "--kind", "fact", "--json", "--index", embedded);
    CliRun named = CliRun.of("recall", "deploy runbook", "--kind", "fact", "--json", "--mode", "bm25",
        "--index", embedded);

    assertThat(bm25.exit()).as(bm25.err()).isZero();
    assertThat(bm25.out()).contains("\"bm25\"").doesNotContain("\"cosine\"");
    assertThat(hybrid.exit()).as(hybrid.err()).isZero();
    assertThat(hybrid.out()).contains("\"bm25\"", "\"cosine\"");
    assertThat(named.out()).contains("\"bm25\"").doesNotContain("\"cosine\"");
  }

  @Test
  void recallHelpSaysEachKindsDefaultMode() {
    CliRun help = CliRun.of("recall", "--help");

    assertThat(help.out().replaceAll("\\s+", " ")).contains("Default: bm25 for code and doc; for fact and episode "
        + "hybrid when the memories carry an embedder");
  }

  @Test
  void refusalsAreOneLineWithExitTwo() {
    run("remember", "a", "some text");
    CliRun hybrid = run("recall", "text", "--kind", "fact", "--mode", "hybrid");
    assertThat(hybrid.exit()).isEqualTo(2);
    assertThat(hybrid.err()).startsWith("weft: ").contains("needs an embedder").hasLineCount(1);
    CliRun both = run("recall", "text", "--kind", "fact,episode");
    assertThat(both.exit()).isEqualTo(2);
    assertThat(both.err()).contains("one kind at a time");
    CliRun empty = run("forget");
    assertThat(empty.exit()).isEqualTo(2);
    assertThat(empty.err()).contains("--kind and/or --by");
    assertThat(run("remember", "a", "x", "--kind", "fiction").err()).contains("fact, episode, doc; got: fiction");
    assertThat(run("recall", "x", "--scope", "alice").err()).contains("--kind fact or episode only");
  }

  @Test
  void bulkForgetAndJsonOutput() {
    run("remember", "a", "agent fact");
    run("remember", "h", "human fact", "--by", "human");
    assertThat(run("forget", "--by", "agent").out()).isEqualTo("forgot\t1\n");
    assertThat(run("memory", "get", "h", "--json").out()).contains("\"id\":\"h\"", "\"by\":\"human\"",
        "\"scope\":\"global\"");
    assertThat(run("recall", "human", "--kind", "fact", "--json").out()).contains("\"memory\":{\"id\":\"h\"");
  }
}
