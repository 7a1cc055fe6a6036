package dev.weft.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dev.weft.context.Hit;
import dev.weft.context.Kind;
import dev.weft.context.RecallRequest;
import dev.weft.context.RecallResult;
import dev.weft.context.StalePointerException;
import dev.weft.context.embed.Embedder;
import dev.weft.context.embed.EmbedderIdentity;
import dev.weft.context.ledger.Ledger;
import dev.weft.context.ledger.RecallQuery;
import dev.weft.index.store.LuceneStore;
import dev.weft.pipelines.Runner;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The facade on the golden corpus: index, recall, get, stats, as the CLI sees them but without it. */
class WeftTest {
  @TempDir static Path tmp;
  static Path root;
  static Weft weft;

  @BeforeAll
  static void indexTheGoldenCorpus() {
    root = Golden.copy(tmp.resolve("corpus"));
    weft = Weft.open(tmp.resolve("index"));
    IndexOutcome outcome = weft.index(IndexRun.tree(root).runner(Runner.INPROCESS).build());
    assertThat(outcome.ingest().generation()).isEqualTo(1);
    assertThat(outcome.ingest().counter("added")).isEqualTo(5);
    assertThat(outcome.fill()).as("nothing was embedded").isEmpty();
  }

  @AfterAll
  static void close() {
    weft.close();
  }

  @Test
  void recallPointsAtOneBasedLinesThatGetReturnsExactly() {
    Hit hit = weft.recall(new RecallRequest("troubleshooting", Set.of(Kind.DOC), 10, true)).hits().get(0);

    assertThat(hit.path()).isEqualTo("docs/guide.md");
    assertThat(Lines.of(hit)).isEqualTo(new Lines(15, 18));
    assertThat(weft.get(hit.path(), Lines.of(hit))).contains("## Troubleshooting\n\nIf the service refuses to "
        + "start, check the log for a port conflict and make sure the\ndata directory is writable.");
    assertThat(weft.get(hit.path(), new Lines(2, 3))).as("not a chunk").isEmpty();
  }

  @Test
  void getWithoutLinesIsTheFileFreshFromDisk() throws IOException {
    assertThat(weft.get("app/tokenizer.py")).isEqualTo(Files.readString(root.resolve("app/tokenizer.py")));
    assertThatThrownBy(() -> weft.get("../outside.txt")).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("must stay inside the corpus root");
  }

  /** L9: {@code weft get $PWD/corpus/app/tokenizer.py} is the item at its root-relative path, chunks too. */
  @Test
  void getTakesAnAbsolutePathInsideTheRootAndRefusesOneOutside() throws IOException {
    String absolute = root.resolve("app/tokenizer.py").toAbsolutePath().toString();
    assertThat(weft.get(absolute)).isEqualTo(Files.readString(root.resolve("app/tokenizer.py")));
    Hit hit = weft.recall(new RecallRequest("troubleshooting", Set.of(Kind.DOC), 10, true)).hits().get(0);
    assertThat(weft.get(root.resolve(hit.path()).toString(), Lines.of(hit)))
        .isEqualTo(weft.get(hit.path(), Lines.of(hit)));
    Files.writeString(tmp.resolve("outside.txt"), "secret");
    assertThatThrownBy(() -> weft.get(tmp.resolve("outside.txt").toString()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("path must stay inside the corpus root " + root + ", got: " + tmp.resolve("outside.txt"));
  }

  @Test
  void aChunkOfAFileThatChangedIsAStalePointer() throws IOException {
    Path other = Golden.copy(tmp.resolve("stale-corpus"));
    try (Weft stale = Weft.open(tmp.resolve("stale-index"))) {
      stale.index(IndexRun.tree(other).runner(Runner.INPROCESS).build());
      Hit hit = stale.recall(new RecallRequest("evict oldest", Set.of(Kind.CODE), 1, true)).hits().get(0);
      Files.writeString(other.resolve(hit.path()), "// rewritten\n");

      assertThatThrownBy(() -> stale.get(hit.path(), Lines.of(hit))).isInstanceOf(StalePointerException.class);
    }
  }

  @Test
  void statsCountWhatTheServedGenerationHolds() {
    Stats stats = weft.stats();

    assertThat(stats.generation()).isEqualTo(1);
    assertThat(stats.files()).isEqualTo(5);
    assertThat(stats.chunks().values().stream().mapToLong(Long::longValue).sum()).isEqualTo(22);
    assertThat(stats.vectors().chunksWithoutVectors()).isEqualTo(22);
  }

  @Test
  void concurrentRecallsGiveTheSequentialAnswers() throws Exception {
    List<RecallRequest> requests = List.of(
        new RecallRequest("token bucket", Set.of(), 0, true),
        new RecallRequest("split camel case", Set.of(Kind.CODE), 3, true),
        new RecallRequest("installer data directory", Set.of(Kind.DOC), 5, false));
    List<RecallResult> expected = requests.stream().map(weft::recall).toList();
    ExecutorService pool = Executors.newFixedThreadPool(4);
    try {
      CountDownLatch start = new CountDownLatch(1);
      List<Future<Boolean>> answers = new ArrayList<>();
      for (int i = 0; i < 60; i++) {
        int which = i % requests.size();
        answers.add(pool.submit(() -> {
          start.await();
          return weft.recall(requests.get(which)).equals(expected.get(which));
        }));
      }
      start.countDown();
      for (Future<Boolean> answer : answers) {
        assertThat(answer.get(60, TimeUnit.SECONDS)).isTrue();
      }
    } finally {
      pool.shutdownNow();
    }
  }

  @Test
  void theLedgerOpensWithTheModelItsVectorsWereMadeByUnlessItCannotBeRebuiltFromItsName() {
    Path index = tmp.resolve("ledger-embedder");
    try (LuceneStore store = LuceneStore.open(index.resolve("ledger"))) {
      store.set("ledger/config", JsonNodeFactory.instance.objectNode().put("model", "hash-trigram-v1").put("dims", 16));
    }
    try (Weft recorded = Weft.open(index)) {
      assertThat(recorded.ledger(null).options().embedder().map(Embedder::identity))
          .contains(new EmbedderIdentity("hash-trigram-v1", 16));
    }

    try (LuceneStore store = LuceneStore.open(index.resolve("ledger"))) {
      store.set("ledger/config", JsonNodeFactory.instance.objectNode().put("model", "openai:some-model")
          .put("dims", 8));
    }
    try (Weft endpoint = Weft.open(index)) {
      // an endpoint's URL is not in its name: the ledger opens without a model, and only recall near asks for one
      Ledger ledger = endpoint.ledger(null);
      assertThat(ledger.options().embedder()).isEmpty();
      assertThat(ledger.recall(RecallQuery.recent(1)).hits()).isEmpty();
    }
  }

  @Test
  void aClosedWeftRefusesAndAMissingIndexIsNamed() {
    Weft closed = Weft.open(tmp.resolve("never"));
    closed.close();
    assertThatThrownBy(() -> closed.stats()).isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("is closed");
    try (Weft missing = Weft.open(tmp.resolve("nothing-here"))) {
      assertThatThrownBy(missing::stats).hasMessageContaining(tmp.resolve("nothing-here").toString());
    }
  }

  @Test
  void aFileIsNotAnIndexDirectory() throws IOException {
    Path file = Files.writeString(tmp.resolve("a-file"), "x");
    assertThatThrownBy(() -> Weft.open(file)).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("the index location must be an index directory, got a file: "
            + file + "; pass a directory (created when missing)");
  }
}
