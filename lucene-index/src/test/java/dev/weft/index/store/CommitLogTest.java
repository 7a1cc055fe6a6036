package dev.weft.index.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

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
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.store.Directory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The writes a commit point carries ({@link CommitLog}): a write is one commit that adds no segment, reads
 * overlay the log on the documents, ranking reads fold it first, and a full log is folded (its segment built ahead, FoldAheadTest).
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
    try (Directory directory = CommitPointJournalDirectory.open(dir);
        DirectoryReader reader = DirectoryReader.open(directory)) {
      return new OnDisk(reader.numDocs(), CommitChain.logOf(reader.getIndexCommit(), CommitLog.EMPTY));
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

  private static SortedMap<String, Optional<JsonNode>> writes(Object... keysAndValues) {
    SortedMap<String, Optional<JsonNode>> writes = new TreeMap<>();
    for (int i = 0; i < keysAndValues.length; i += 2) {
      writes.put((String) keysAndValues[i], Optional.ofNullable((JsonNode) keysAndValues[i + 1]));
    }
    return writes;
  }

  @Test
  void aChainOfDeltasReadsBackAsTheLogItWasBuiltFromAndEachCommitCarriesOnlyItsWrites() {
    CommitLog.Next first = CommitLog.EMPTY.next(writes("b", value("beta"), "quote\"d/\u00e9", NullNode.getInstance()));
    CommitLog.Next second = first.log().next(writes("a", value("alpha"), "b", null));

    CommitLog.Link one = CommitLog.link(first.userData()).orElseThrow();
    CommitLog.Link two = CommitLog.link(second.userData()).orElseThrow();
    assertThat(one.startsChain()).isTrue();
    assertThat(two.prev()).isEqualTo(one.id());
    // the second commit point carries its own two writes, not the first one's
    assertThat(two.delta()).contains("alpha").doesNotContain("beta");

    CommitLog reread = CommitLog.start(one).then(two);
    assertThat(reread.entries()).isEqualTo(second.log().entries());
    assertThat(reread.entries()).containsOnlyKeys("a", "b", "quote\"d/\u00e9");
    assertThat(reread.entries().get("b")).isEmpty();
    assertThat(reread.entries().get("quote\"d/\u00e9")).contains(NullNode.getInstance());
    // the same commit written again (a closing writer's commit) is the same log
    assertThat(reread.then(two)).isSameAs(reread);
    // a delta that does not continue the log is refused rather than applied over the wrong state
    CommitLog.Link stranger = CommitLog.link(CommitLog.EMPTY.next(writes("x", value("x"))).log()
        .next(writes("y", value("y"))).userData()).orElseThrow();
    assertThatThrownBy(() -> reread.then(stranger)).isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void aLegacyWholeLogStartsAChainCarryingItAll() {
    CommitLog legacy = CommitLog.unchained(Map.of(CommitLog.LEGACY_KEY, "{\"a\":[{\"n\":1}],\"gone\":[]}"));
    CommitLog.Next next = legacy.next(writes("b", value("beta")));

    CommitLog.Link link = CommitLog.link(next.userData()).orElseThrow();
    assertThat(link.startsChain()).isTrue();
    assertThat(CommitLog.start(link).entries()).containsOnlyKeys("a", "b", "gone");
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

  /** The commit points the store holds, read as the store reads them (records in its journal). */
  private static List<String> commitPointNames(Path dir) throws IOException {
    try (Directory directory = CommitPointJournalDirectory.open(dir)) {
      return Arrays.stream(directory.listAll()).filter(name -> name.startsWith("segments_")).toList();
    }
  }

  private static long commitPoints(Path dir) throws IOException {
    return commitPointNames(dir).size();
  }

  private static List<Long> commitPointSizes(Path dir) throws IOException {
    try (Directory directory = CommitPointJournalDirectory.open(dir)) {
      List<Long> sizes = new ArrayList<>();
      for (String name : commitPointNames(dir)) {
        sizes.add(directory.fileLength(name));
      }
      return sizes;
    }
  }

  /**
   * The commit point is rewritten by every write: it carries that write's delta, not the whole log (one commit in
   * CHAIN_LIMIT carries the whole log, so a reopen replays a short chain).
   */
  @Test
  void aCommitPointCarriesItsOwnWritesWhateverTheLogHolds() throws IOException {
    Path dir = tmp.resolve("ledger");
    try (LuceneStore store = LuceneStore.open(dir, KEPT)) {
      for (int i = 0; i <= 200; i++) {
        store.set(String.format("k/%03d", i), value("v" + "x".repeat(100)));
      }
      assertThat(store.foldCount()).isZero();
    }
    // the log holds 201 values of ~130 bytes: most commit points carry one of them, and at most 2 chains are kept
    List<Long> sizes = commitPointSizes(dir);
    assertThat(sizes).hasSizeLessThanOrEqualTo(2 * CommitLog.CHAIN_LIMIT);
    assertThat(sizes.stream().filter(size -> size < 1_000).count()).isGreaterThanOrEqualTo(sizes.size() - 2L);
    try (LuceneStore other = LuceneStore.open(dir, KEPT)) {
      assertThat(other.keys("k/")).hasSize(201);
      assertThat(other.get("k/150")).contains(value("v" + "x".repeat(100)));
    }
  }

  /** A store written before the chain carries its whole log in one commit point: read, then chained from. */
  @Test
  void aStoreWrittenBeforeTheChainIsReadAndItsLogCarriedIntoTheFirstChain() throws IOException {
    Path dir = tmp.resolve("ledger");
    LuceneStore.open(dir).close();
    try (Directory directory = CommitPointJournalDirectory.open(dir);
        IndexWriter old = new IndexWriter(directory, new IndexWriterConfig())) {
      old.setLiveCommitData(Map.of(CommitLog.LEGACY_KEY, "{\"a\":[{\"text\":\"alpha\"}]}").entrySet());
      old.commit();
    }
    try (LuceneStore store = LuceneStore.open(dir, KEPT)) {
      assertThat(store.get("a")).contains(value("alpha"));
      store.set("b", value("beta"));
    }
    try (LuceneStore store = LuceneStore.open(dir, KEPT)) {
      assertThat(store.keys("")).containsExactly("a", "b");
    }
  }

  @Test
  void theChainBeforeAFoldIsDeletedOnceNeitherKeptCommitNeedsIt() throws IOException {
    Path dir = tmp.resolve("ledger");
    try (LuceneStore store = LuceneStore.open(dir, KEPT, FoldAheadTest.builtAtOnce())) {
      for (int i = 0; i < CommitLog.FOLD_ENTRIES; i++) {
        store.set(String.format("k/%03d", i), value("v" + i));
      }
      // the fold's segment is built once the log is full, and lands with the next commit
      store.set("after/1", value("a"));
      assertThat(store.foldCount()).isEqualTo(1);
      store.set("after/2", value("b"));

    }
    // the two commits of the chain after the fold (and a commit the writer's close may add to it)
    assertThat(commitPoints(dir)).isBetween(2L, 3L);
    try (LuceneStore other = LuceneStore.open(dir, KEPT)) {
      assertThat(other.keys("")).hasSize(CommitLog.FOLD_ENTRIES + 2);
    }
  }

  @Test
  void aFullLogIsFoldedIntoDocumentsByTheFirstCommitAfterItsSegmentIsBuilt() throws IOException {
    Path dir = tmp.resolve("ledger");
    try (LuceneStore store = LuceneStore.open(dir, KEPT, FoldAheadTest.builtAtOnce())) {
      for (int i = 0; i < CommitLog.FOLD_ENTRIES; i++) {
        store.set(String.format("k/%03d", i), value("v" + i));
      }
      // the commit that fills the log carries it like any other: no document yet
      assertThat(onDisk(dir).docs()).isZero();
      assertThat(store.foldCount()).isZero();
      store.set("after", value("a"));
      OnDisk disk = onDisk(dir);
      assertThat(disk.docs()).isEqualTo(CommitLog.FOLD_ENTRIES);
      assertThat(disk.log().entries()).containsOnlyKeys("after");
      assertThat(store.foldCount()).isEqualTo(1);
      assertThat(store.commitCount()).isEqualTo(1 + CommitLog.FOLD_ENTRIES + 1);
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
    CommitLog.Next next = CommitLog.EMPTY.next(writes("n", NullNode.getInstance(), "gone", null));
    CommitLog read = CommitLog.start(CommitLog.link(next.userData()).orElseThrow());
    assertThat(read.entries().get("n")).contains(NullNode.getInstance());
    assertThat(read.entries().get("gone")).isEmpty();
    assertThat(read.touches("g")).isTrue();
    assertThat(read.touches("x")).isFalse();
  }
}
