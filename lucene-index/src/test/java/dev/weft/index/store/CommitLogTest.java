package dev.weft.index.store;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.weft.context.embed.EmbedderIdentity;
import dev.weft.context.store.Outcome;
import dev.weft.context.store.RankQuery;
import dev.weft.context.store.RankedKey;
import dev.weft.context.store.Scope;
import dev.weft.context.store.StoredEmbedding;
import dev.weft.context.store.TextQuery;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.store.FSDirectory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The writes a commit point carries ({@link CommitLog}): a write is one commit that adds no segment, reads
 * overlay the log on the documents, ranking reads fold it first, and a full log or a released writer folds it.
 */
class CommitLogTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  /** The writer is kept for the whole test unless a test releases it. */
  private static final LuceneStoreOptions KEPT = LuceneStoreOptions.defaults().withWriterIdle(Duration.ofHours(1));
  @TempDir Path tmp;

  private static ObjectNode value(String text) {
    return JSON.createObjectNode().put("text", text);
  }

  /** What the directory's last commit holds, read by plain Lucene: its documents and its log. */
  private record OnDisk(int docs, CommitLog log) {}

  private static OnDisk onDisk(Path dir) throws IOException {
    try (FSDirectory directory = FSDirectory.open(dir);
        DirectoryReader reader = DirectoryReader.open(directory)) {
      return new OnDisk(reader.numDocs(), CommitLog.of(reader.getIndexCommit().getUserData()));
    }
  }

  @Test
  void aMutateSeesTheLoggedWritesItsScopeCoversByPrefixAndByKeyAndNoOthers() {
    try (LuceneStore store = LuceneStore.open(tmp.resolve("ledger"), KEPT)) {
      store.set("p/1", value("one"));
      store.set("p/2", value("two"));
      store.set("p", value("not under p/"));
      store.set("p0", value("after p/ in key order"));
      store.set("q", value("a key of the scope"));
      store.delete("p/2");

      Map<String, JsonNode> seen = store.mutate(Scope.of(List.of("p/"), List.of("q", "r")),
          current -> Outcome.read(Map.copyOf(current)));

      assertThat(seen).containsOnlyKeys("p/1", "q");
      assertThat(store.foldCount()).isZero();
    }
  }

  @Test
  void aLogBuiltWriteByWriteReadsBackAsTheSameEntriesAndText() {
    CommitLog log = CommitLog.EMPTY
        .plus(Map.of("b", Optional.of(value("beta")), "quote\"d/\u00e9", Optional.of(NullNode.getInstance())))
        .plus(Map.of("a", Optional.of(value("alpha")), "b", Optional.empty()));
    CommitLog reread = CommitLog.of(log.userData());

    assertThat(reread.entries()).isEqualTo(log.entries());
    assertThat(reread.entries()).containsOnlyKeys("a", "b", "quote\"d/\u00e9");
    assertThat(reread.entries().get("b")).isEmpty();
    assertThat(reread.entries().get("quote\"d/\u00e9")).contains(NullNode.getInstance());
    // a log read from a commit and written to again keeps what it read
    assertThat(CommitLog.of(reread.plus(Map.of("c", Optional.of(value("gamma")))).userData()).entries())
        .containsOnlyKeys("a", "b", "c", "quote\"d/\u00e9");
  }

  @Test
  void aWriteIsACommitOfItsCommitPointAloneAndReadsSeeIt() throws IOException {
    Path dir = tmp.resolve("ledger");
    try (LuceneStore store = LuceneStore.open(dir, KEPT)) {
      store.set("a", value("alpha"));
      store.set("b", value("beta"));
      store.delete("b");

      OnDisk disk = onDisk(dir);
      assertThat(disk.docs()).isZero();
      assertThat(disk.log().entries()).containsOnlyKeys("a", "b");
      assertThat(disk.log().entries().get("b")).isEmpty();
      assertThat(store.get("a")).contains(value("alpha"));
      assertThat(store.get("b")).isEmpty();
      assertThat(store.keys("")).containsExactly("a");
      assertThat(store.commitCount()).isEqualTo(1 + 3);
      assertThat(store.foldCount()).isZero();

      // another store on the directory reads the same state from the commit alone
      try (LuceneStore other = LuceneStore.open(dir, KEPT)) {
        assertThat(other.get("a")).contains(value("alpha"));
        assertThat(other.keys("")).containsExactly("a");
      }
    }
  }

  @Test
  void aFullLogIsFoldedIntoDocumentsByTheCommitThatFillsIt() throws IOException {
    Path dir = tmp.resolve("ledger");
    try (LuceneStore store = LuceneStore.open(dir, KEPT)) {
      for (int i = 0; i < CommitLog.FOLD_ENTRIES; i++) {
        store.set(String.format("k/%03d", i), value("v" + i));
      }
      OnDisk disk = onDisk(dir);
      assertThat(disk.docs()).isEqualTo(CommitLog.FOLD_ENTRIES);
      assertThat(disk.log().isEmpty()).isTrue();
      assertThat(store.foldCount()).isEqualTo(1);
      assertThat(store.commitCount()).isEqualTo(1 + CommitLog.FOLD_ENTRIES);
      assertThat(store.keys("k/")).hasSize(CommitLog.FOLD_ENTRIES);
    }
  }

  @Test
  void searchAndRankFoldUnfoldedWritesUnderTheirPrefixFirstAndOnlyOnce() throws IOException {
    Path dir = tmp.resolve("ledger");
    EmbedderIdentity model = new EmbedderIdentity("m", 2);
    try (LuceneStore store = LuceneStore.open(dir, KEPT)) {
      ObjectNode fact = value("refunds take five days");
      fact.set(StoredEmbedding.FIELD, new StoredEmbedding(model, new float[] {1, 0}).toJson());
      store.set("fact/1", fact);
      store.set("other/1", value("refunds elsewhere"));

      assertThat(store.search(new TextQuery("fact/", "refund", 5)).hits()).extracting(RankedKey::key)
          .containsExactly("fact/1");
      assertThat(store.foldCount()).isEqualTo(1);
      assertThat(onDisk(dir).docs()).isEqualTo(2);
      assertThat(store.rank(new RankQuery("fact/", new float[] {1, 0}, model, 5)).hits())
          .extracting(RankedKey::key).containsExactly("fact/1");
      assertThat(store.foldCount()).isEqualTo(1);

      // a deletion logged after the fold hides the document from every read; the next search folds it
      store.delete("fact/1");
      assertThat(store.get("fact/1")).isEmpty();
      assertThat(store.keys("fact/")).isEmpty();
      assertThat(store.search(new TextQuery("fact/", "refund", 5)).hits()).isEmpty();
      assertThat(store.foldCount()).isEqualTo(2);
      // a write under another prefix needs no fold before a search under this one
      store.set("other/2", value("more refunds"));
      assertThat(store.search(new TextQuery("fact/", "refund", 5)).hits()).isEmpty();
      assertThat(store.foldCount()).isEqualTo(2);
    }
  }

  /** Releasing the writer does not fold (a writer-per-commit store would pay two commits a write): the log stays. */
  @Test
  void aReopenedStoreReadsTheLogItWasClosedWithAndItsFirstSearchFolds() throws IOException {
    Path dir = tmp.resolve("ledger");
    try (LuceneStore store = LuceneStore.open(dir, KEPT)) {
      store.set("a", value("alpha"));
      store.set("b", JSON.createObjectNode().set("nothing", NullNode.getInstance()));
    }
    assertThat(onDisk(dir).docs()).isZero();
    try (LuceneStore store = LuceneStore.open(dir, KEPT)) {
      assertThat(store.get("b")).contains(JSON.createObjectNode().set("nothing", NullNode.getInstance()));
      assertThat(store.search(new TextQuery("", "alpha", 5)).hits()).extracting(RankedKey::key).containsExactly("a");
      assertThat(store.foldCount()).isEqualTo(1);
    }
    OnDisk disk = onDisk(dir);
    assertThat(disk.docs()).isEqualTo(2);
    assertThat(disk.log().isEmpty()).isTrue();
  }

  @Test
  void aLoggedValueThatIsJsonNullStaysAValueNotADeletion() {
    CommitLog log = CommitLog.EMPTY.plus(Map.of("n", Optional.of(NullNode.getInstance()), "gone", Optional.empty()));
    CommitLog read = CommitLog.of(log.userData());
    assertThat(read.entries().get("n")).contains(NullNode.getInstance());
    assertThat(read.entries().get("gone")).isEmpty();
    assertThat(read.touches("g")).isTrue();
    assertThat(read.touches("x")).isFalse();
  }
}
