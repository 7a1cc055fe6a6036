package dev.weft.index.store;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.weft.context.embed.EmbedderIdentity;
import dev.weft.context.store.RankQuery;
import dev.weft.context.store.RankedKey;
import dev.weft.context.store.StoredEmbedding;
import dev.weft.context.store.TextQuery;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.store.Directory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The fold's segment built off the committing thread ({@link FoldAhead}): the commit that fills the log carries it
 * as any other, the build runs when the test says so, and the first commit after it adds the built segment and
 * keeps in its log only what was written since the snapshot — the same state as folding on the committing thread.
 */
class FoldAheadTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final LuceneStoreOptions KEPT = LuceneStoreOptions.defaults().withWriterIdle(Duration.ofHours(1));
  @TempDir Path tmp;

  /** Builds are queued until {@link #runAll}: the test decides where in a run of commits a build finishes. */
  private static final class Held implements Executor {
    private final List<Runnable> tasks = new ArrayList<>();

    @Override
    public synchronized void execute(Runnable task) {
      tasks.add(task);
    }

    synchronized int waiting() {
      return tasks.size();
    }

    void runAll() {
      List<Runnable> running;
      synchronized (this) {
        running = new ArrayList<>(tasks);
        tasks.clear();
      }
      running.forEach(Runnable::run);
    }
  }

  /** A fold built on the committing thread the moment the log fills: deterministic fold counts for other tests. */
  static FoldAhead builtAtOnce() {
    return new FoldAhead(Runnable::run, () -> {});
  }

  private static ObjectNode value(String text) {
    return JSON.createObjectNode().put("text", text);
  }

  private static String key(int i) {
    return String.format("k/%03d", i);
  }

  /** The last commit read by plain Lucene: live documents, and each key's documents with their stored values. */
  private static List<JsonNode> documentsOf(Path dir, String key) throws IOException {
    try (Directory directory = CommitPointJournalDirectory.open(dir);
        DirectoryReader reader = DirectoryReader.open(directory)) {
      IndexSearcher searcher = new IndexSearcher(reader);
      List<JsonNode> values = new ArrayList<>();
      for (ScoreDoc hit : searcher.search(new TermQuery(StoreDocuments.keyTerm(key)), 10).scoreDocs) {
        values.add(StoreDocuments.value(searcher.storedFields().document(hit.doc)
            .getBinaryValue(StoreDocuments.VALUE)));
      }
      return values;
    }
  }

  private static int liveDocs(Path dir) throws IOException {
    try (Directory directory = CommitPointJournalDirectory.open(dir);
        DirectoryReader reader = DirectoryReader.open(directory)) {
      return reader.numDocs();
    }
  }

  @Test
  void theFullLogIsFoldedByTheFirstCommitAfterItsBuildAndWritesSinceTheSnapshotStayLogged() throws IOException {
    Path dir = tmp.resolve("ledger");
    Held builds = new Held();
    try (LuceneStore store = LuceneStore.open(dir, KEPT, new FoldAhead(builds, () -> {}))) {
      for (int i = 0; i < CommitLog.FOLD_ENTRIES; i++) {
        store.set(key(i), value("first " + i));
      }
      assertThat(builds.waiting()).isEqualTo(1);
      // while the segment is built, commits go on carrying the log: a write, an overwrite, a deletion
      store.set(key(0), value("second 0"));
      store.delete(key(1));
      store.set("x", value("ex"));
      assertThat(store.foldCount()).isZero();
      assertThat(liveDocs(dir)).isZero();

      builds.runAll();
      store.set("y", value("why"));
      assertThat(store.foldCount()).isEqualTo(1);
      assertThat(store.commitCount()).isEqualTo(1 + CommitLog.FOLD_ENTRIES + 4);
      // the snapshot's values are documents now; what changed since is in the log and wins
      assertThat(liveDocs(dir)).isEqualTo(CommitLog.FOLD_ENTRIES);
      assertThat(documentsOf(dir, key(0))).containsExactly(value("first 0"));
      assertThat(store.get(key(0))).contains(value("second 0"));
      assertThat(store.get(key(1))).isEmpty();
      assertThat(store.keys("")).hasSize(CommitLog.FOLD_ENTRIES - 1 + 2);
    }
    try (LuceneStore reopened = LuceneStore.open(dir, KEPT, builtAtOnce())) {
      assertThat(reopened.get(key(0))).contains(value("second 0"));
      assertThat(reopened.get(key(1))).isEmpty();
      assertThat(reopened.get(key(2))).contains(value("first 2"));
      assertThat(reopened.keys("")).hasSize(CommitLog.FOLD_ENTRIES - 1 + 2);
      assertThat(reopened.search(new TextQuery("k/", "second", 5)).hits()).extracting(RankedKey::key)
          .containsExactly(key(0));
    }
  }

  @Test
  void aSecondFoldReplacesTheDocumentsOfTheFirstAndSparesItsOwn() throws IOException {
    Path dir = tmp.resolve("ledger");
    try (LuceneStore store = LuceneStore.open(dir, KEPT, builtAtOnce())) {
      for (int round = 1; round <= 2; round++) {
        for (int i = 0; i < CommitLog.FOLD_ENTRIES; i++) {
          store.set(key(i), value("round " + round + " " + i));
        }
        store.set("after/" + round, value("a"));
      }
      assertThat(store.foldCount()).isEqualTo(2);
    }
    // the deletes of the second fold hit the first fold's documents, not the segment added beside them
    assertThat(liveDocs(dir)).isEqualTo(CommitLog.FOLD_ENTRIES + 1);
    assertThat(documentsOf(dir, key(7))).containsExactly(value("round 2 7"));
    assertThat(documentsOf(dir, "after/1")).containsExactly(value("a"));
  }

  /** Vectors and text go through the built segment: rank and search answer from its documents, no fold of theirs. */
  @Test
  void aBuiltSegmentCarriesVectorsAndTextThatRankAndSearchFind() throws IOException {
    Path dir = tmp.resolve("ledger");
    EmbedderIdentity model = new EmbedderIdentity("m", 2);
    try (LuceneStore store = LuceneStore.open(dir, KEPT, builtAtOnce())) {
      for (int i = 0; i < CommitLog.FOLD_ENTRIES; i++) {
        ObjectNode fact = value(i == 7 ? "refunds take five days" : "fact " + i);
        double angle = i * Math.PI / (2 * CommitLog.FOLD_ENTRIES);
        fact.set(StoredEmbedding.FIELD, new StoredEmbedding(model,
            new float[] {(float) Math.cos(angle), (float) Math.sin(angle)}).toJson());
        store.set(key(i), fact);
      }
      store.set("other", value("elsewhere"));
      assertThat(store.foldCount()).isEqualTo(1);
      // the log holds only "other": reads under k/ need no fold and answer from the added segment
      assertThat(store.rank(new RankQuery("k/", new float[] {1, 0}, model, 2)).hits()).extracting(RankedKey::key)
          .containsExactly(key(0), key(1));
      assertThat(store.search(new TextQuery("k/", "refund", 5)).hits()).extracting(RankedKey::key)
          .containsExactly(key(7));
      assertThat(store.foldCount()).isEqualTo(1);
    }
  }

  /** A crash (or a close) while the segment is built: the store's commits never named it, nothing is lost. */
  @Test
  void aBuildCutOffByTheStoreClosingLeavesTheLogAndIsNeverAddedLater() throws IOException {
    Path dir = tmp.resolve("ledger");
    Held builds = new Held();
    try (LuceneStore store = LuceneStore.open(dir, KEPT, new FoldAhead(builds, () -> {}))) {
      for (int i = 0; i < CommitLog.FOLD_ENTRIES; i++) {
        store.set(key(i), value("v" + i));
      }
      assertThat(builds.waiting()).isEqualTo(1);
    }
    assertThat(liveDocs(dir)).isZero();
    Held later = new Held();
    try (LuceneStore reopened = LuceneStore.open(dir, KEPT, new FoldAhead(later, () -> {}))) {
      // the first store's build finishing now changes nothing: it was dropped with its writer
      builds.runAll();
      reopened.set(key(0), value("changed"));
      assertThat(reopened.foldCount()).isZero();
      assertThat(later.waiting()).isEqualTo(1);
      later.runAll();
      reopened.set("after", value("a"));
      assertThat(reopened.foldCount()).isEqualTo(1);
      assertThat(reopened.get(key(0))).contains(value("changed"));
      assertThat(reopened.get(key(5))).contains(value("v5"));
      assertThat(reopened.keys("k/")).hasSize(CommitLog.FOLD_ENTRIES);
    }
    assertThat(liveDocs(dir)).isEqualTo(CommitLog.FOLD_ENTRIES);
  }

  @Test
  void aBuildThatDoesNotFinishIsOvertakenByAFoldOnTheCommittingThreadOnceTheLogIsOverdue() throws IOException {
    Path dir = tmp.resolve("ledger");
    Held builds = new Held();
    // large values fill the log by its bytes in a few dozen writes
    String large = "x".repeat(2_000);
    try (LuceneStore store = LuceneStore.open(dir, KEPT, new FoldAhead(builds, () -> {}))) {
      int writes = 0;
      int buildStartedAt = 0;
      while (store.foldCount() == 0 && writes < 1_000) {
        store.set(String.format("k/%04d", writes), value(large + writes));
        writes++;
        if (buildStartedAt == 0 && builds.waiting() == 1) {
          buildStartedAt = writes;
        }
      }
      assertThat(buildStartedAt).isPositive();
      assertThat(store.foldCount()).isEqualTo(1);
      // the log grew to OVERDUE times full while the build waited, then the commit folded it all itself
      assertThat(writes).isGreaterThanOrEqualTo(CommitLog.OVERDUE * buildStartedAt - CommitLog.OVERDUE);
      assertThat(liveDocs(dir)).isEqualTo(writes);
      // the stale build, finishing now, is never added: the next commit carries its write alone
      builds.runAll();
      store.set("after", value("a"));
      assertThat(store.foldCount()).isEqualTo(1);
      assertThat(store.keys("k/")).hasSize(writes);
      assertThat(store.get("k/0000")).contains(value(large + 0));
    }
  }

  @Test
  void aBuildThatCannotStartMakesTheNextCommitFoldOnItsOwnThreadAndFailsNoWrite() throws IOException {
    Path dir = tmp.resolve("ledger");
    Executor refusing = task -> {
      throw new RejectedExecutionException("no thread for the test");
    };
    try (LuceneStore store = LuceneStore.open(dir, KEPT, new FoldAhead(refusing, () -> {}))) {
      for (int i = 0; i < CommitLog.FOLD_ENTRIES; i++) {
        store.set(key(i), value("v" + i));
      }
      assertThat(store.foldCount()).isZero();
      store.set("after", value("a"));
      assertThat(store.foldCount()).isEqualTo(1);
      assertThat(store.keys("")).hasSize(CommitLog.FOLD_ENTRIES + 1);
    }
    assertThat(liveDocs(dir)).isEqualTo(CommitLog.FOLD_ENTRIES + 1);
  }
}
