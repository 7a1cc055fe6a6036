package dev.weft.context.ledger;

import static dev.weft.context.ledger.Fixtures.ev;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.weft.context.embed.EmbedderIdentity;
import dev.weft.context.error.ExitStatus;
import dev.weft.context.error.WeftException;
import dev.weft.context.jq.JqBounds;
import dev.weft.context.jq.JqLimitException;
import dev.weft.context.jq.JqLimitException.Limit;
import dev.weft.context.program.CancelSignal;
import dev.weft.context.store.FilterStore;
import dev.weft.context.store.StoredEmbedding;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class LedgerRecallTest {
  private static Ledger ledger(TestStore store, WordEmbedder embedder) {
    LedgerOptions options = LedgerOptions.defaults().withClock(new TickingClock());
    return new Ledger(store, embedder == null ? options : options.withEmbedder(embedder));
  }

  private static Ledger seeded(TestStore store, WordEmbedder embedder) {
    Ledger ledger = ledger(store, embedder);
    ledger.addMemory("postgres runs on port 5432", Set.of("db"), ev("docker-compose.yml:12"));
    ledger.addMemory("redis caches sessions", Set.of("db", "cache"), ev("app.yml:3"));
    ledger.addMemory("the CI uses JDK 17", Set.of("ci"), ev(".ci/run:4"));
    return ledger;
  }

  private static java.util.List<String> ids(Recalled recalled) {
    return recalled.hits().stream().map(Recalled.Hit::id).toList();
  }

  @Test
  void byDefaultTheNewestComeFirst() {
    Recalled recalled = seeded(new TestStore(), null).recall(RecallQuery.recent(2));
    assertThat(ids(recalled)).containsExactly("memory:3", "memory:2");
    assertThat(recalled.via()).isEqualTo("sweep");
    assertThat(recalled.ranking()).isEqualTo(new Recalled.Ranking("tags+recency", true, 3));
  }

  @Test
  void recordsOfOneMomentTieByAddressNumber() {
    java.time.Clock still = java.time.Clock.fixed(java.time.Instant.parse("2026-01-01T00:00:00Z"),
        java.time.ZoneOffset.UTC);
    Ledger ledger = new Ledger(new TestStore(), LedgerOptions.defaults().withClock(still));
    for (int i = 0; i < 12; i++) {
      ledger.addMemory("m" + i, Set.of(), ev("e"));
    }
    assertThat(ids(ledger.recall(RecallQuery.recent(3)))).containsExactly("memory:1", "memory:2", "memory:3");
  }

  @Test
  void tagsFilterAndRankByHowManyMatchThenRecency() {
    Ledger ledger = seeded(new TestStore(), null);
    Recalled recalled = ledger.recall(RecallQuery.recent(10).withTags(Set.of("db", "cache")));
    assertThat(ids(recalled)).containsExactly("memory:2", "memory:1");
    assertThat(recalled.hits().get(0).score()).isEqualTo(2.0);
    assertThat(ids(ledger.recall(RecallQuery.recent(10).withTags(Set.of("db")).withMinScore(1))))
        .containsExactly("memory:2", "memory:1");
  }

  @Test
  void whereIsAJqPredicateAndABadOneIsRefusedWithJqsError() {
    Ledger ledger = seeded(new TestStore(), null);
    assertThat(ids(ledger.recall(RecallQuery.recent(10).withWhere(".text | contains(\"JDK\")"))))
        .containsExactly("memory:3");
    assertThat(ids(ledger.recall(RecallQuery.recent(10).withWhere(".tags | index(\"cache\")"))))
        .containsExactly("memory:2");
    assertThatThrownBy(() -> ledger.recall(RecallQuery.recent(10).withWhere(".text | contains(")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("where '.text | contains(' is not a jq expression: ");
  }

  @Test
  void aHostileWhereEndsAtANamedJqBoundAsBadInput() {
    Ledger ledger = seeded(new TestStore(), null);
    JqBounds small = JqBounds.DEFAULT.withDeadline(Duration.ofMinutes(5)).withMaxValues(10_000)
        .withStackBytes(2L * 1024 * 1024);
    for (String where : List.of("last(range(1e10))", "def f: f; f", "[range(1e9)]")) {
      assertThatThrownBy(() -> ledger.recall(RecallQuery.recent(10).withWhere(where), small, CancelSignal.none()))
          .isInstanceOfSatisfying(WeftException.class, e -> {
            assertThat(e.status()).isEqualTo(ExitStatus.BAD_INPUT);
            assertThat(e.getMessage()).startsWith("where '" + where + "' ").contains("(the jq ").doesNotContain("\n");
          });
    }
  }

  @Test
  void aCancelledRecallStopsItsWhere() {
    Ledger ledger = seeded(new TestStore(), null);
    CancelSignal cancel = new CancelSignal();
    cancel.cancel();
    assertThatThrownBy(() -> ledger.recall(RecallQuery.recent(10).withWhere("last(range(1e15))"),
        JqBounds.DEFAULT.withMaxValues(Long.MAX_VALUE).withDeadline(Duration.ofMinutes(5)), cancel))
        .isInstanceOfSatisfying(JqLimitException.class, e -> assertThat(e.limit()).isEqualTo(Limit.CANCELLED));
  }

  @Test
  void nearWithoutAnEmbedderIsRefusedNotAnsweredDifferently() {
    Ledger ledger = seeded(new TestStore(), null);
    assertThatThrownBy(() -> ledger.recall(RecallQuery.recent(3).withNear("database port")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("needs an embedder and this ledger has none");
  }

  @Test
  void nearRanksByCosineAndCountsCandidatesWithoutAVectorAsSkipped() {
    WordEmbedder embedder = new WordEmbedder("words", 64);
    TestStore store = new TestStore();
    Ledger ledger = seeded(store, embedder);
    ledger.embedMissing(2, 10); // memory:3 keeps no vector

    Recalled recalled = ledger.recall(RecallQuery.recent(3).withNear("which port does postgres use"));
    assertThat(ids(recalled)).first().isEqualTo("memory:1");
    assertThat(recalled.skipped()).isEqualTo(1);
    assertThat(recalled.via()).isEqualTo("sweep");
    assertThat(recalled.ranking()).isEqualTo(new Recalled.Ranking("cosine", true, 2));
    assertThat(recalled.hits().get(0).value().has(StoredEmbedding.FIELD)).isFalse();
  }

  @Test
  void aStoreThatRanksAnswersViaTheAdapterWithTheSameHits() {
    WordEmbedder embedder = new WordEmbedder("words", 64);
    Ledger sweep = seeded(new TestStore(), embedder);
    Ledger adapter = seeded(new TestStore(true), embedder);
    sweep.embedMissing(10, 10);
    adapter.embedMissing(10, 10);
    RecallQuery query = RecallQuery.recent(2).withNear("redis sessions").withTags(Set.of("db"));

    Recalled viaAdapter = adapter.recall(query);
    assertThat(viaAdapter.via()).isEqualTo("adapter");
    assertThat(ids(viaAdapter)).isEqualTo(ids(sweep.recall(query))).containsExactly("memory:2", "memory:1");
    assertThat(viaAdapter.ranking().algorithm()).isEqualTo("cosine");
  }

  @Test
  void withoutFiltersTheStoresRankAloneAnswersNearAndNoRecordIsReadByTheLedger() {
    WordEmbedder embedder = new WordEmbedder("words", 64);
    TestStore store = new TestStore(true);
    Ledger ledger = seeded(store, embedder);
    ledger.embedMissing(2, 10); // memory:3 keeps no vector
    int[] reads = {0};
    Ledger counting = new Ledger(new FilterStore(store) {
      @Override
      public <R> R mutate(dev.weft.context.store.Scope scope, dev.weft.context.store.Mutation<R> mutation) {
        reads[0]++;
        return super.mutate(scope, mutation);
      }
    }, LedgerOptions.defaults().withEmbedder(embedder));

    Recalled recalled = counting.recall(RecallQuery.recent(1).withNear("which port does postgres use"));
    assertThat(ids(recalled)).containsExactly("memory:1");
    assertThat(recalled.via()).isEqualTo("adapter");
    assertThat(recalled.skipped()).isEqualTo(1);
    assertThat(recalled.ranking()).isEqualTo(new Recalled.Ranking("cosine", false, 1));
    assertThat(reads[0]).isZero();

    seeded(store, new WordEmbedder("other", 8)).embedMissing(100, 10); // re-embeds all under another model
    assertThatThrownBy(() -> counting.recall(RecallQuery.recent(1).withNear("postgres")))
        .hasMessageContaining("this ledger's vectors are made by other/8 (recorded in ledger/config) and the query "
            + "would be embedded by words/64");
  }

  @Test
  void vectorsOfAnotherModelAreRefusedNamingBothIdentities() {
    TestStore store = new TestStore();
    seeded(store, new WordEmbedder("old-model", 8)).embedMissing(1, 1);
    Ledger ledger = ledger(store, new WordEmbedder("new-model", 8));

    assertThatThrownBy(() -> ledger.recall(RecallQuery.recent(3).withNear("postgres")))
        .isInstanceOf(WeftException.class)
        .hasMessageContaining("this ledger's vectors are made by old-model/8 (recorded in ledger/config) and the "
            + "query would be embedded by new-model/8");
    // a ledger that recorded no model (written before it did) still refuses the foreign vectors by name
    store.delete("ledger/config");
    assertThatThrownBy(() -> ledger.recall(RecallQuery.recent(3).withNear("postgres")))
        .isInstanceOf(WeftException.class)
        .hasMessageContaining("the query is embedded by new-model/8 but memory records carry vectors of "
            + "[old-model/8]");
    ledger.embedMissing(10, 10); // re-embeds the foreign one
    assertThat(Ledger.embedderOf(store)).contains(new EmbedderIdentity("new-model", 8));
    assertThat(ledger.recall(RecallQuery.recent(3).withNear("postgres")).skipped()).isZero();
  }

  @Test
  void theFirstEmbeddedWriteRecordsTheModelAndAnotherModelIsRefusedByNameBeforeItIsCalled() {
    TestStore store = new TestStore();
    WordEmbedder words = new WordEmbedder("words", 16);
    Ledger writing = new Ledger(store, LedgerOptions.defaults().withEmbedder(words).withEmbedOnWrite(true));
    assertThat(Ledger.embedderOf(store)).isEmpty();

    writing.addMemory("postgres runs on port 5432", Set.of("db"), ev("docker-compose.yml:12"));
    assertThat(Ledger.embedderOf(store)).contains(new EmbedderIdentity("words", 16));
    writing.putSkill("release", "cutting a release", "mvn verify", Set.of());
    assertThat(Ledger.embedderOf(store)).contains(new EmbedderIdentity("words", 16));

    WordEmbedder other = new WordEmbedder("other", 16);
    Ledger mismatched = new Ledger(store, LedgerOptions.defaults().withEmbedder(other).withEmbedOnWrite(true));
    assertThatThrownBy(() -> mismatched.addMemory("redis caches sessions", Set.of(), ev("app.yml:3")))
        .isInstanceOf(WeftException.class)
        .hasMessageContaining("this ledger's vectors are made by words/16 (recorded in ledger/config) and this "
            + "write was embedded by other/16");
    assertThatThrownBy(() -> mismatched.putSkill("deploy", "shipping", "make deploy", Set.of()))
        .hasMessageContaining("this write was embedded by other/16");
    int calls = other.calls;
    assertThatThrownBy(() -> mismatched.recall(RecallQuery.recent(1).withNear("postgres")))
        .isInstanceOf(WeftException.class)
        .hasMessageContaining("the query would be embedded by other/16");
    assertThat(other.calls).isEqualTo(calls);
    assertThat(ids(writing.recall(RecallQuery.recent(3)))).containsExactly("memory:1");
  }

  @Test
  void aSecondEmbedMissingEmbedsNothingAndCallsNoModel() {
    WordEmbedder embedder = new WordEmbedder("words", 16);
    Ledger ledger = seeded(new TestStore(), embedder);
    ledger.putSkill("release", "cutting a release", "mvn verify", Set.of());

    assertThat(ledger.embedMissing(100, 2)).isEqualTo(new EmbedReport(4, 0, java.util.Optional.empty()));
    int calls = embedder.calls;
    assertThat(ledger.embedMissing(100, 2)).isEqualTo(new EmbedReport(0, 0, java.util.Optional.empty()));
    assertThat(embedder.calls).isEqualTo(calls);
  }

  @Test
  void aSkillRewrittenWhileItsTextIsEmbeddedIsLeftForTheNextRun() {
    TestStore store = new TestStore();
    Ledger[] writer = new Ledger[1];
    WordEmbedder embedder = new WordEmbedder("words", 16) {
      @Override
      public java.util.List<float[]> embed(java.util.List<String> batch) {
        if (calls == 0) {
          writer[0].putSkill("release", "cutting a release", "rewritten meanwhile", Set.of());
        }
        return super.embed(batch);
      }
    };
    Ledger ledger = ledger(store, embedder);
    writer[0] = ledger(store, null);
    ledger.putSkill("release", "cutting a release", "mvn verify", Set.of());

    EmbedReport first = ledger.embedMissing(10, 10);
    assertThat(first.embedded()).isZero();
    assertThat(store.value("ledger/skill/0000000001").has(StoredEmbedding.FIELD)).isFalse();
    assertThat(ledger.embedMissing(10, 10).embedded()).isEqualTo(1);
    assertThat(store.value("ledger/skill/0000000001").get("instructions").asText()).isEqualTo("rewritten meanwhile");
  }

  @Test
  void aFailingBatchKeepsTheBatchesBeforeItAndReportsWhatRemains() {
    WordEmbedder embedder = new WordEmbedder("words", 16);
    TestStore store = new TestStore();
    Ledger ledger = seeded(store, embedder);
    embedder.failFromCall = 2;

    EmbedReport report = ledger.embedMissing(100, 2);
    assertThat(report.embedded()).isEqualTo(2);
    assertThat(report.remaining()).isEqualTo(1);
    assertThat(report.failure().orElseThrow()).contains("words/16 failed on a batch of 1");
    assertThat(store.get("ledger/memory/0000000002").orElseThrow().has(StoredEmbedding.FIELD)).isTrue();
    assertThat(store.get("ledger/memory/0000000003").orElseThrow().has(StoredEmbedding.FIELD)).isFalse();
  }

  @Test
  void embedOnWriteIsOffByDefaultAndAFailureStoresTheRecordUnembedded() {
    WordEmbedder embedder = new WordEmbedder("words", 16);
    TestStore store = new TestStore();
    assertThat(seeded(store, embedder).get("memory:1")).isPresent();
    assertThat(embedder.calls).isZero();

    Ledger onWrite = new Ledger(store, LedgerOptions.defaults().withEmbedder(embedder).withEmbedOnWrite(true));
    assertThat(onWrite.addMemory("embedded at once", Set.of(), ev("e")).embedded()).isTrue();
    embedder.failFromCall = embedder.calls + 1;
    WriteResult failed = onWrite.addMemory("the model is down", Set.of(), ev("e"));
    assertThat(failed.embedded()).isFalse();
    assertThat(failed.embedFailure().orElseThrow()).contains("stored without a vector");
    assertThat(onWrite.get(failed.id()).orElseThrow().get("text").asText()).isEqualTo("the model is down");
    assertThatThrownBy(() -> LedgerOptions.defaults().withEmbedOnWrite(true))
        .hasMessageContaining("embedOnWrite needs an embedder");
  }

  @Test
  void skillsAreRecalledApartFromMemories() {
    Ledger ledger = seeded(new TestStore(), null);
    ledger.putSkill("release", "cutting a release", "mvn verify", Set.of("ci"));
    assertThat(ids(ledger.recallSkills(RecallQuery.recent(5).withTags(Set.of("ci"))))).containsExactly("skill:1");
  }
}
