package dev.weft.bench.eval;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The BEIR loader: both corpus layouts, the qrels header, graded and zero judgments, and each refusal. */
class BeirSetTest {
  @TempDir Path tmp;

  @Test
  void loadsACorpusSetWithQueriesInFileOrderAndGradedQrels() throws IOException {
    Path set = Files.createDirectories(tmp.resolve("faq"));
    Files.writeString(set.resolve("corpus.jsonl"), "{\"_id\": \"a\", \"text\": \"x\"}\n");
    Files.writeString(set.resolve("queries.jsonl"), """
        {"_id": "q2", "text": "second?"}

        {"_id": "q1", "text": "first?", "metadata": {}}
        """);
    Files.writeString(set.resolve("qrels.tsv"), """
        query-id\tcorpus-id\tscore
        q1\ta\t2
        q1\tb\t1
        q1\tc\t0
        q2\tc\t0
        """);

    BeirSet loaded = BeirSet.load(set);

    assertThat(loaded.name()).isEqualTo("faq");
    assertThat(loaded.layout()).isEqualTo(BeirSet.Layout.CORPUS);
    assertThat(loaded.corpus()).isEqualTo(set.resolve("corpus.jsonl").toAbsolutePath());
    assertThat(loaded.queries()).containsExactly(new BeirSet.Query("q2", "second?"), new BeirSet.Query("q1", "first?"));
    // grade 0 is judged-not-relevant: kept out, so q2 has nothing relevant and will be skipped
    assertThat(loaded.qrels().relevant("q1")).containsExactly(Map.entry("a", 2), Map.entry("b", 1));
    assertThat(loaded.qrels().relevant("q2")).isEmpty();
    assertThat(loaded.qrels().relevant("unknown")).isEmpty();
  }

  @Test
  void loadsATreeSetAndCutsChunkIdsToFilesKeepingTheBestGrade() throws IOException {
    Path set = Files.createDirectories(tmp.resolve("code"));
    Files.createDirectories(set.resolve("tree/a"));
    Files.writeString(set.resolve("queries.jsonl"), "{\"_id\": \"q1\", \"text\": \"t\"}\n");
    Files.writeString(set.resolve("qrels.tsv"), """
        query-id\tcorpus-id\tscore
        q1\ta/X.java#run\t1
        q1\ta/X.java#X\t3
        q1\ta/Y.java#go\t1
        """);

    BeirSet loaded = BeirSet.load(set);

    assertThat(loaded.layout()).isEqualTo(BeirSet.Layout.TREE);
    assertThat(loaded.corpus()).isEqualTo(set.resolve("tree").toAbsolutePath());
    assertThat(loaded.qrels().fileLevel().relevant("q1"))
        .containsExactly(Map.entry("a/X.java", 3), Map.entry("a/Y.java", 1));
  }

  @Test
  void refusesSetsThatAreNotBeirFoldersNamingWhatIsWrong() throws IOException {
    Path set = Files.createDirectories(tmp.resolve("bad"));
    assertThatThrownBy(() -> BeirSet.load(tmp.resolve("missing")))
        .hasMessageStartingWith("a BEIR set must be a directory, got: ");
    assertThatThrownBy(() -> BeirSet.load(set))
        .hasMessageStartingWith("a BEIR set must have exactly one of corpus.jsonl, corpus.parquet, corpus.avro "
            + "or tree/, got none in: ");
    Files.writeString(set.resolve("corpus.jsonl"), "");
    Files.createDirectories(set.resolve("tree"));
    assertThatThrownBy(() -> BeirSet.load(set))
        .hasMessageStartingWith("a BEIR set must have exactly one of corpus.jsonl, corpus.parquet, corpus.avro "
            + "or tree/, got corpus.jsonl and tree/ in: ");
    Files.delete(set.resolve("tree"));
    assertThatThrownBy(() -> BeirSet.load(set))
        .hasMessageStartingWith("a BEIR set must have queries.jsonl, missing: ");
    Files.writeString(set.resolve("queries.jsonl"), "{\"_id\": \"q1\", \"text\": \"t\"}\n");
    assertThatThrownBy(() -> BeirSet.load(set))
        .hasMessageStartingWith("a BEIR set must have qrels.tsv, missing: ");
  }

  @Test
  void refusesBadQueryLinesWithTheLineAndTheRule() throws IOException {
    assertThatThrownBy(() -> queries("{\"_id\": \"q1\", \"text\": \"a\"}\nnot json\n"))
        .hasMessageContaining("queries.jsonl line 2: each line must be a JSON object, got: ");
    assertThatThrownBy(() -> queries("{\"text\": \"a\"}\n"))
        .hasMessageEndingWith("queries.jsonl line 1: each query must have a non-blank _id, got: {\"text\": \"a\"}");
    assertThatThrownBy(() -> queries("{\"_id\": \"q1\", \"text\": 3}\n"))
        .hasMessageEndingWith("queries.jsonl line 1: query text must be a string, got: NUMBER for _id q1");
    assertThatThrownBy(() -> queries("{\"_id\": \"q1\", \"text\": \"a\"}\n{\"_id\": \"q1\", \"text\": \"b\"}\n"))
        .hasMessageEndingWith("queries.jsonl line 2: query ids must be unique, got a second query with _id: q1");
  }

  @Test
  void refusesBadQrelsWithTheLineAndTheRule() throws IOException {
    assertThatThrownBy(() -> qrels("q1\ta\t1\n"))
        .hasMessageEndingWith("qrels.tsv: the first line must be the header "
            + "'query-id\\tcorpus-id\\tscore', got: 'q1\ta\t1'");
    assertThatThrownBy(() -> qrels(""))
        .hasMessageEndingWith("qrels.tsv: the first line must be the header "
            + "'query-id\\tcorpus-id\\tscore', got: an empty file");
    assertThatThrownBy(() -> qrels(Qrels.HEADER + "\nq1 a 1\n"))
        .hasMessageEndingWith("qrels.tsv line 2: a judgment must be 3 tab-separated fields (query-id, corpus-id, "
            + "score), got: 'q1 a 1'");
    assertThatThrownBy(() -> qrels(Qrels.HEADER + "\nq1\ta\thigh\n"))
        .hasMessageEndingWith("qrels.tsv line 2: score must be an integer, got: 'high'");
    assertThatThrownBy(() -> qrels(Qrels.HEADER + "\nq1\ta\t1\nq1\ta\t0\n"))
        .hasMessageEndingWith("qrels.tsv line 3: a (query-id, corpus-id) pair must be judged once, got a second "
            + "judgment of q1 / a");
  }

  private void queries(String content) throws IOException {
    Path file = tmp.resolve("queries.jsonl");
    Files.writeString(file, content);
    BeirSet.readQueries(file);
  }

  private void qrels(String content) throws IOException {
    Path file = tmp.resolve("qrels.tsv");
    Files.writeString(file, content);
    Qrels.read(file);
  }
}
