package dev.weft.context.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.weft.context.embed.EmbedderIdentity;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The storage contract ({@link Store}'s javadoc) as tests, in the style of Lucene's BaseDirectoryTestCase: an
 * adapter passes by subclassing this and saying how to open a fresh, empty store. Tests of an optional
 * capability are skipped, by assumption, only when the store does not announce it. Published in context's test
 * jar.
 */
public abstract class StoreContractTest {
  protected static final ObjectMapper JSON = new ObjectMapper();
  protected static final EmbedderIdentity MODEL = new EmbedderIdentity("test-model", 3);
  protected static final EmbedderIdentity OTHER = new EmbedderIdentity("other-model", 3);

  protected Store store;

  /** A fresh, empty store; the suite closes it after each test. */
  protected abstract Store openStore();

  @BeforeEach
  void openFreshStore() {
    store = openStore();
  }

  @AfterEach
  void closeStore() {
    store.close();
  }

  protected static ObjectNode value(String text) {
    ObjectNode node = JSON.createObjectNode();
    node.put("text", text);
    return node;
  }

  /** A value with an embedding, in the canonical form it reads back in (floats read back as doubles). */
  protected static ObjectNode embedded(String text, EmbedderIdentity identity, float... vector) {
    ObjectNode node = value(text);
    node.set(StoredEmbedding.FIELD, new StoredEmbedding(identity, vector).toJson());
    return (ObjectNode) StoreRules.canonical(node);
  }

  protected static JsonNode counter(long n) {
    return StoreRules.canonical(JSON.createObjectNode().put("n", n));
  }

  private void assumeCapability(Store.Capability capability) {
    assumeTrue(store.capabilities().contains(capability), () -> store + " does not offer " + capability);
  }

  // ---- get, set, delete, keys

  @Test
  void anAbsentKeyReadsAsEmpty() {
    assertThat(store.get("nothing/here")).isEmpty();
  }

  @Test
  void aSetValueReadsBackEqual() {
    ObjectNode value = value("hello");
    value.putArray("tags").add("a").add("b");
    value.putObject("nested").put("x", 1.5).putNull("gone");
    store.set("memory/0001", value);

    assertThat(store.get("memory/0001")).contains(value);
  }

  @Test
  void aSetReplacesTheValueThere() {
    store.set("k", value("first"));
    store.set("k", value("second"));

    assertThat(store.get("k")).contains(value("second"));
    assertThat(store.keys("")).containsExactly("k");
  }

  @Test
  void aValueReadsBackInItsCanonicalForm() {
    ObjectNode written = JSON.createObjectNode().put("f", 0.1f).put("l", 7L).put("big", 1L << 40);

    store.set("k", written);

    assertThat(store.get("k")).contains(StoreRules.canonical(written));
    assertThat(JSON.valueToTree(store.get("k").orElseThrow()).toString()).isEqualTo(written.toString());
  }

  @Test
  void aValueNeedNotBeAnObject() {
    store.set("n", JSON.getNodeFactory().numberNode(42));
    store.set("s", JSON.getNodeFactory().textNode("plain"));

    assertThat(store.get("n")).contains(JSON.getNodeFactory().numberNode(42));
    assertThat(store.get("s")).contains(JSON.getNodeFactory().textNode("plain"));
  }

  @Test
  void deleteRemovesAndAnAbsentKeyIsNotAnError() {
    store.set("a", value("x"));
    store.delete("a");
    store.delete("a");
    store.delete("never-there");

    assertThat(store.get("a")).isEmpty();
    assertThat(store.keys("")).isEmpty();
  }

  @Test
  void keysAreSortedByStringOrderAndFilteredByPrefix() {
    List<String> keys = List.of("memory/10", "memory/0002", "memory/2", "goal", "memory/0010", "memorynot",
        "memory/\uffff\uffffz", "Memory/upper", "memory/é", "skill/x");
    for (String key : keys) {
      store.set(key, value(key));
    }

    List<String> sorted = new ArrayList<>(keys);
    sorted.sort(String::compareTo);
    assertThat(store.keys("")).containsExactlyElementsOf(sorted);
    assertThat(store.keys("memory/"))
        .containsExactly("memory/0002", "memory/0010", "memory/10", "memory/2", "memory/é", "memory/\uffff\uffffz");
    assertThat(store.keys("memory/00")).containsExactly("memory/0002", "memory/0010");
    assertThat(store.keys("nope/")).isEmpty();
  }

  @Test
  void aValueReadIsACopy() {
    store.set("k", value("original"));

    ((ObjectNode) store.get("k").orElseThrow()).put("text", "changed by a reader");

    assertThat(store.get("k")).contains(value("original"));
  }

  @Test
  void aValueSetIsCopied() {
    ObjectNode value = value("original");
    store.set("k", value);

    value.put("text", "changed after set");

    assertThat(store.get("k")).contains(value("original"));
  }

  @Test
  void aBlankKeyOrANullValueIsRefused() {
    assertThatThrownBy(() -> store.set(" ", value("x")))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("must not be blank");
    assertThatThrownBy(() -> store.set("k".repeat(StoreRules.MAX_KEY_CHARS + 1), value("x")))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("at most 4096 chars");
    assertThatThrownBy(() -> store.set("k", null))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("'k'");
    assertThat(store.keys("")).isEmpty();
  }

  @Test
  void aMalformedEmbeddingIsRefusedByKeyBeforeAnythingIsWritten() {
    ObjectNode bad = value("x");
    bad.putObject(StoredEmbedding.FIELD).put("model", "m").put("dims", 3).putArray("vector").add(1).add(2);
    ObjectNode zero = embedded("z", MODEL, 1, 0, 0);
    ((ObjectNode) zero.get(StoredEmbedding.FIELD)).putArray("vector").add(0).add(0).add(0);

    assertThatThrownBy(() -> store.set("bad", bad))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("'bad'").hasMessageContaining("2 floats");
    assertThatThrownBy(() -> store.set("zero", zero))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("'zero'").hasMessageContaining("zeros");
    assertThat(store.keys("")).isEmpty();
  }

  @Test
  void concurrencyIsAnnounced() {
    assertThat(store.concurrency()).isNotNull();
  }

  @Test
  void aCapabilityNotAnnouncedIsRefusedNamingTheStoreAndTheCapability() {
    Set<Store.Capability> offered = store.capabilities();
    assumeTrue(offered.size() < Store.Capability.values().length, () -> store + " offers every capability");
    String name = store.getClass().getSimpleName();
    if (!offered.contains(Store.Capability.MUTATE)) {
      assertThatThrownBy(() -> store.mutate(Scope.prefix(""), current -> Outcome.read(0)))
          .isInstanceOf(UnsupportedOperationException.class).hasMessageContaining(name).hasMessageContaining("mutate");
    }
    if (!offered.contains(Store.Capability.RANK)) {
      assertThatThrownBy(() -> store.rank(new RankQuery("", new float[] {1, 0, 0}, MODEL, 1)))
          .isInstanceOf(UnsupportedOperationException.class).hasMessageContaining(name).hasMessageContaining("rank");
    }
    if (!offered.contains(Store.Capability.SEARCH)) {
      assertThatThrownBy(() -> store.search(new TextQuery("", "anything", 1)))
          .isInstanceOf(UnsupportedOperationException.class).hasMessageContaining(name)
          .hasMessageContaining("search");
    }
  }

  // ---- mutate

  @Test
  void aMutateSeesExactlyTheRecordsItsScopeCoversSorted() {
    assumeCapability(Store.Capability.MUTATE);
    store.set("goal/2", value("g2"));
    store.set("goal/1", value("g1"));
    store.set("goalx", value("not under goal/"));
    store.set("counter", counter(7));
    store.set("other", value("o"));

    List<String> seen = store.mutate(Scope.of(List.of("goal/"), List.of("counter", "absent")),
        current -> Outcome.read(new ArrayList<>(current.keySet())));

    assertThat(seen).containsExactly("counter", "goal/1", "goal/2");
  }

  @Test
  void aMutateReplacesTheScopeWholeAndLeavesTheRestAlone() {
    assumeCapability(Store.Capability.MUTATE);
    store.set("goal/1", value("old 1"));
    store.set("goal/2", value("old 2"));
    store.set("outside", value("kept"));

    String result = store.mutate(Scope.prefix("goal/"),
        current -> Outcome.write(Map.of("goal/1", value("new 1"), "goal/3", value("new 3")), "done"));

    assertThat(result).isEqualTo("done");
    assertThat(store.keys("")).containsExactly("goal/1", "goal/3", "outside");
    assertThat(store.get("goal/1")).contains(value("new 1"));
    assertThat(store.get("goal/3")).contains(value("new 3"));
    assertThat(store.get("outside")).contains(value("kept"));
  }

  @Test
  void aMutateOfAnAbsentExactKeyCreatesIt() {
    assumeCapability(Store.Capability.MUTATE);

    long next = store.mutate(Scope.keys("counter"), current -> {
      long n = current.containsKey("counter") ? current.get("counter").get("n").asLong() + 1 : 1;
      return Outcome.write(Map.of("counter", counter(n)), n);
    });

    assertThat(next).isEqualTo(1);
    assertThat(store.get("counter")).contains(counter(1));
  }

  @Test
  void aMutateGetsADetachedCopy() {
    assumeCapability(Store.Capability.MUTATE);
    store.set("k", value("original"));

    store.mutate(Scope.keys("k"), current -> {
      ((ObjectNode) current.get("k")).put("text", "scribbled");
      current.put("k2", value("scribbled too"));
      return Outcome.read(null);
    });

    assertThat(store.get("k")).contains(value("original"));
    assertThat(store.keys("")).containsExactly("k");
  }

  @Test
  void aReadOnlyOutcomeWritesNothing() {
    assumeCapability(Store.Capability.MUTATE);
    store.set("a/1", value("one"));

    int size = store.mutate(Scope.prefix("a/"), current -> Outcome.read(current.size()));

    assertThat(size).isEqualTo(1);
    assertThat(store.keys("")).containsExactly("a/1");
    assertThat(store.get("a/1")).contains(value("one"));
  }

  @Test
  void aMutationThatThrowsPublishesNothingAndTheExceptionReachesTheCaller() {
    assumeCapability(Store.Capability.MUTATE);
    store.set("a/1", value("one"));
    IllegalStateException boom = new IllegalStateException("boom");

    assertThatThrownBy(() -> store.mutate(Scope.prefix("a/"), current -> {
      current.clear();
      throw boom;
    })).isSameAs(boom);

    assertThat(store.keys("")).containsExactly("a/1");
    assertThat(store.get("a/1")).contains(value("one"));
  }

  @Test
  void aKeyOutsideTheScopeIsRefusedByNameAndNothingIsPublished() {
    assumeCapability(Store.Capability.MUTATE);
    store.set("a/1", value("one"));

    assertThatThrownBy(() -> store.mutate(Scope.of(List.of("a/"), List.of("counter")),
        current -> Outcome.write(Map.of("a/2", value("two"), "b/escape", value("no")), "never")))
        .isInstanceOf(ScopeViolationException.class)
        .hasMessageContaining("'b/escape'")
        .hasMessageContaining("{prefixes: [a/], keys: [counter]}")
        .hasMessageContaining("nothing was written");

    assertThat(store.keys("")).containsExactly("a/1");
  }

  @Test
  void aMalformedValueInNextPublishesNothing() {
    assumeCapability(Store.Capability.MUTATE);
    store.set("a/1", value("one"));
    ObjectNode bad = value("bad");
    bad.putObject(StoredEmbedding.FIELD).put("model", "m");

    assertThatThrownBy(() -> store.mutate(Scope.prefix("a/"),
        current -> Outcome.write(Map.of("a/2", value("two"), "a/3", bad), "never")))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("'a/3'");

    assertThat(store.keys("")).containsExactly("a/1");
  }

  @Test
  void aMutationReturningNullIsRefusedAndPublishesNothing() {
    assumeCapability(Store.Capability.MUTATE);
    store.set("a/1", value("one"));

    assertThatThrownBy(() -> store.mutate(Scope.prefix("a/"), current -> null))
        .isInstanceOf(IllegalStateException.class).hasMessageContaining("returned null");

    assertThat(store.keys("")).containsExactly("a/1");
  }

  @Test
  void theValuesOfNextAreCopied() {
    assumeCapability(Store.Capability.MUTATE);
    ObjectNode written = value("as written");

    store.mutate(Scope.keys("k"), current -> Outcome.write(Map.of("k", written), null));
    written.put("text", "changed after the mutate");

    assertThat(store.get("k")).contains(value("as written"));
  }

  @Test
  void eachMutateSeesWhatItsPredecessorsLeft() {
    assumeCapability(Store.Capability.MUTATE);
    for (int i = 0; i < 5; i++) {
      store.mutate(Scope.prefix("log/"), current -> {
        String key = String.format("log/%04d", current.size());
        SortedMap<String, JsonNode> next = new TreeMap<>(current);
        next.put(key, value("entry " + current.size()));
        return Outcome.write(next, key);
      });
    }

    assertThat(store.keys("log/")).containsExactly("log/0000", "log/0001", "log/0002", "log/0003", "log/0004");
  }

  /** The contention rule: threads incrementing one counter through mutate lose no update. */
  @Test
  void concurrentIncrementsThroughMutateLoseNoUpdate() throws Exception {
    assumeCapability(Store.Capability.MUTATE);
    int threads = 4;
    int each = 25;
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    try {
      CountDownLatch start = new CountDownLatch(1);
      List<Future<List<Long>>> seen = new ArrayList<>();
      for (int t = 0; t < threads; t++) {
        seen.add(pool.submit(() -> {
          start.await();
          List<Long> mine = new ArrayList<>();
          for (int i = 0; i < each; i++) {
            mine.add(store.mutate(Scope.keys("counter"), current -> {
              long n = current.containsKey("counter") ? current.get("counter").get("n").asLong() : 0;
              return Outcome.write(Map.of("counter", counter(n + 1)), n + 1);
            }));
          }
          return mine;
        }));
      }
      start.countDown();
      List<Long> all = new ArrayList<>();
      for (Future<List<Long>> future : seen) {
        all.addAll(future.get(2, TimeUnit.MINUTES));
      }

      assertThat(store.get("counter")).contains(counter((long) threads * each));
      // every increment saw a distinct predecessor: the results are exactly 1..N·M
      assertThat(all).doesNotHaveDuplicates().hasSize(threads * each);
    } finally {
      pool.shutdownNow();
    }
  }

  // ---- rank

  @Test
  void rankAnswersTheNearestFirstByExactCosineTiesByKey() {
    assumeCapability(Store.Capability.RANK);
    store.set("m/far", embedded("far", MODEL, 0, 0, 1));
    store.set("m/near", embedded("near", MODEL, 1, 0.1f, 0));
    store.set("m/same-b", embedded("b", MODEL, 1, 1, 0));
    store.set("m/same-a", embedded("a", MODEL, 2, 2, 0));
    float[] query = {1, 0.2f, 0};

    RankResult result = store.rank(new RankQuery("m/", query, MODEL, 3));

    assertThat(result.hits()).extracting(RankedKey::key).containsExactly("m/near", "m/same-a", "m/same-b");
    assertThat(result.hits().get(0).score()).isCloseTo(RankSweep.cosine(query, new float[] {1, 0.1f, 0}),
        within(1e-5));
    assertThat(result.hits().get(1).score()).isCloseTo(result.hits().get(2).score(), within(1e-6));
    assertThat(result.hits().get(0).value()).isEqualTo(embedded("near", MODEL, 1, 0.1f, 0));
    assertThat(result.skipped()).isZero();
    assertThat(result.identities()).containsExactly(MODEL);
  }

  @Test
  void rankComparesOnlyTheQuerysIdentityAndCountsTheRestAsSkipped() {
    assumeCapability(Store.Capability.RANK);
    store.set("m/mine", embedded("mine", MODEL, 1, 0, 0));
    store.set("m/theirs", embedded("theirs", OTHER, 1, 0, 0));
    store.set("m/plain", value("no vector"));
    store.set("elsewhere", embedded("outside the prefix", new EmbedderIdentity("third", 3), 1, 0, 0));

    RankResult result = store.rank(new RankQuery("m/", new float[] {1, 0, 0}, MODEL, 10));

    assertThat(result.hits()).extracting(RankedKey::key).containsExactly("m/mine");
    assertThat(result.skipped()).isEqualTo(2);
    assertThat(result.identities()).containsExactlyInAnyOrder(MODEL, OTHER);
  }

  @Test
  void aZeroQueryVectorIsRefused() {
    assumeCapability(Store.Capability.RANK);
    store.set("m/1", embedded("one", MODEL, 1, 0, 0));

    assertThatThrownBy(() -> store.rank(new RankQuery("m/", new float[] {0, 0, 0}, MODEL, 1)))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("rank query vector")
        .hasMessageContaining("zeros");
  }

  @Test
  void rankUnderAnEmptyPrefixFindsNothingAndSkipsNothing() {
    assumeCapability(Store.Capability.RANK);
    store.set("x/1", embedded("x", MODEL, 1, 0, 0));

    RankResult result = store.rank(new RankQuery("m/", new float[] {1, 0, 0}, MODEL, 10));

    assertThat(result.hits()).isEmpty();
    assertThat(result.skipped()).isZero();
    assertThat(result.identities()).isEmpty();
  }

  @Test
  void rankKeepsTheLimitAndFollowsUpdatesAndDeletes() {
    assumeCapability(Store.Capability.RANK);
    for (int i = 0; i < 20; i++) {
      store.set(String.format("m/%02d", i), embedded("v" + i, MODEL, 1, i, 0));
    }
    store.set("m/00", embedded("moved away", MODEL, 0, 0, 1));
    store.delete("m/01");
    store.set("m/02", value("vector removed"));

    RankResult result = store.rank(new RankQuery("m/", new float[] {1, 0, 0}, MODEL, 2));

    assertThat(result.hits()).extracting(RankedKey::key).containsExactly("m/03", "m/04");
    assertThat(result.skipped()).isEqualTo(1);
  }

  @Test
  void aRankedValueIsACopy() {
    assumeCapability(Store.Capability.RANK);
    store.set("m/1", embedded("one", MODEL, 1, 0, 0));

    ((ObjectNode) store.rank(new RankQuery("m/", new float[] {1, 0, 0}, MODEL, 1)).hits().get(0).value())
        .put("text", "scribbled");

    assertThat(store.get("m/1")).contains(embedded("one", MODEL, 1, 0, 0));
  }

  // ---- search

  @Test
  void searchStemsEnglishSoAnInflectedQueryFindsTheBaseWord() {
    assumeCapability(Store.Capability.SEARCH);
    store.set("fact/1", value("Our refund policy allows returns within 30 days"));
    store.set("fact/2", value("Shipping is free above 50 euros"));

    SearchResult result = store.search(new TextQuery("fact/", "refunds", 10));

    assertThat(result.hits()).extracting(RankedKey::key).containsExactly("fact/1");
    assertThat(result.hits().get(0).value()).isEqualTo(value("Our refund policy allows returns within 30 days"));
    assertThat(result.hits().get(0).score()).isPositive();
  }

  @Test
  void searchRanksByBm25WithinThePrefixTiesByKeyAndKeepsTheLimit() {
    assumeCapability(Store.Capability.SEARCH);
    store.set("fact/b", value("cats"));
    store.set("fact/a", value("cats"));
    store.set("fact/c", value("cats and dogs and birds and fish and more words"));
    store.set("episode/1", value("cats"));
    store.set("fact/d", JSON.createObjectNode().put("note", "cats without a text field"));

    SearchResult all = store.search(new TextQuery("fact/", "cat", 10));
    SearchResult two = store.search(new TextQuery("fact/", "cat", 2));

    assertThat(all.hits()).extracting(RankedKey::key).containsExactly("fact/a", "fact/b", "fact/c");
    assertThat(two.hits()).extracting(RankedKey::key).containsExactly("fact/a", "fact/b");
  }

  @Test
  void searchFollowsUpdatesAndDeletes() {
    assumeCapability(Store.Capability.SEARCH);
    store.set("fact/1", value("refund policy"));
    store.set("fact/2", value("refund window"));
    store.set("fact/1", value("shipping policy"));
    store.delete("fact/2");

    assertThat(store.search(new TextQuery("", "refund", 10)).hits()).isEmpty();
    assertThat(store.search(new TextQuery("", "shipping", 10)).hits()).extracting(RankedKey::key)
        .containsExactly("fact/1");
  }
}
