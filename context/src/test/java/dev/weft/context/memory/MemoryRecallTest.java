package dev.weft.context.memory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.weft.context.RecallMode;
import dev.weft.context.error.WeftException;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.Test;

class MemoryRecallTest {
  private static final Clock CLOCK = Clock.fixed(Instant.parse("2026-01-01T00:00:00Z"), ZoneOffset.UTC);
  private final WordStore store = new WordStore();
  private final WordEmbedder embedder = new WordEmbedder("words");
  private final Memory memory = new Memory(store, MemorySettings.defaults().withClock(CLOCK).withEmbedder(embedder));
  private final Memory plain = new Memory(store, MemorySettings.defaults().withClock(CLOCK));

  private static List<String> ids(MemoryRecallResult result) {
    return result.hits().stream().map(h -> h.record().id()).toList();
  }

  @Test
  void factsAndEpisodesAreRankedApartAndScopesToo() {
    memory.remember("f", "refund policy is thirty days", Remember.defaults());
    memory.remember("e", "customer asked about a refund", Remember.kind(MemoryKind.EPISODE));
    memory.remember("g", "refund for alice", Remember.defaults().withScope(MemoryScope.owner("alice")));

    assertThat(ids(memory.recall(MemoryQuery.of("refunds", MemoryKind.FACT)))).containsExactly("f");
    assertThat(ids(memory.recall(MemoryQuery.of("refunds", MemoryKind.EPISODE)))).containsExactly("e");
    assertThat(ids(memory.recall(MemoryQuery.of("refund", MemoryKind.FACT).withScope(MemoryScope.owner("alice")))))
        .containsExactly("g");
  }

  @Test
  void equalScoresAreOrderedByRecencyThenId() {
    MemoryWritePathTest.MutableClock clock = new MemoryWritePathTest.MutableClock(Instant.parse("2026-01-01T00:00:00Z"));
    Memory timed = new Memory(store, MemorySettings.defaults().withClock(clock));
    timed.remember("b", "tea", Remember.defaults());
    timed.remember("a", "tea", Remember.defaults());
    clock.now = clock.now.plusSeconds(60);
    timed.remember("c", "tea", Remember.defaults());
    assertThat(ids(timed.recall(MemoryQuery.of("tea", MemoryKind.FACT)))).containsExactly("c", "a", "b");
  }

  @Test
  void hybridJoinsTheNearestNeighboursToTheBm25PoolAndFusesThem() {
    memory.remember("lexical", "the deploy runbook lives in the wiki", Remember.defaults());
    memory.remember("near", "deploy runbook wiki", Remember.defaults());
    memory.remember("far", "lunch is at noon", Remember.defaults());

    MemoryRecallResult bm25 = memory.recall(MemoryQuery.of("deploy runbook wiki", MemoryKind.FACT)
        .withMode(RecallMode.BM25));
    MemoryRecallResult hybrid = memory.recall(MemoryQuery.of("deploy runbook wiki", MemoryKind.FACT)
        .withMode(RecallMode.HYBRID));

    assertThat(bm25.hits()).allMatch(h -> h.cosine() == null);
    assertThat(ids(hybrid)).startsWith("near", "lexical");
    assertThat(hybrid.hits().get(0).cosine()).isNotNull();
    // a neighbour with no word in common joins the union with no lexical part
    MemoryHit far = hybrid.hits().stream().filter(h -> h.record().id().equals("far")).findFirst().orElseThrow();
    assertThat(far.lexical()).isNull();
    assertThat(memory.recall(MemoryQuery.of("deploy", MemoryKind.FACT).withMode(RecallMode.DENSE)).hits())
        .allMatch(h -> h.lexical() == null);
  }

  @Test
  void aRecallNamingNoModeIsHybridWhenTheMemoriesCarryAnEmbedderAndBm25Otherwise() {
    plain.remember("p", "deploy runbook wiki", Remember.defaults());
    assertThat(memory.defaultRecallMode()).as("no memory has a vector yet").isEqualTo(RecallMode.BM25);
    assertThat(memory.recall(MemoryQuery.of("deploy", MemoryKind.FACT)).mode()).isEqualTo(RecallMode.BM25);

    memory.remember("v", "the deploy runbook lives in the wiki", Remember.defaults());

    assertThat(memory.defaultRecallMode()).isEqualTo(RecallMode.HYBRID);
    MemoryRecallResult defaulted = memory.recall(MemoryQuery.of("deploy runbook", MemoryKind.FACT));
    assertThat(defaulted.mode()).isEqualTo(RecallMode.HYBRID);
    assertThat(defaulted.hits()).anyMatch(h -> h.cosine() != null);
    assertThat(plain.defaultRecallMode()).as("this handle embeds no query").isEqualTo(RecallMode.BM25);
    assertThat(plain.recall(MemoryQuery.of("deploy", MemoryKind.FACT)).mode()).isEqualTo(RecallMode.BM25);
    assertThat(memory.recall(MemoryQuery.of("deploy", MemoryKind.FACT).withMode(RecallMode.BM25)).mode())
        .as("a named mode wins").isEqualTo(RecallMode.BM25);
  }

  @Test
  void nearRecallWithoutAnEmbedderIsRefusedNotAnsweredByBm25() {
    plain.remember("f", "refund policy", Remember.defaults());
    assertThatThrownBy(() -> plain.recall(MemoryQuery.of("refund", MemoryKind.FACT).withMode(RecallMode.HYBRID)))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("needs an embedder");
  }

  @Test
  void hybridOverRecordsWithoutAnyVectorIsRefusedRatherThanAnsweredAsBm25() {
    plain.remember("f", "refund policy", Remember.defaults());
    assertThatThrownBy(() -> memory.recall(MemoryQuery.of("refund", MemoryKind.FACT).withMode(RecallMode.HYBRID)))
        .isInstanceOf(WeftException.class).hasMessageContaining("none of the 1 fact memories").hasMessageContaining("has a vector");
    assertThat(memory.recall(MemoryQuery.of("refund", MemoryKind.EPISODE).withMode(RecallMode.HYBRID)).hits())
        .isEmpty();
  }

  @Test
  void vectorsOfAnotherModelAreRefusedByName() {
    memory.remember("f", "refund policy", Remember.defaults());
    Memory other = new Memory(store, MemorySettings.defaults().withClock(CLOCK)
        .withEmbedder(new WordEmbedder("other-model")));
    assertThatThrownBy(() -> other.recall(MemoryQuery.of("refund", MemoryKind.FACT).withMode(RecallMode.HYBRID)))
        .isInstanceOf(WeftException.class).hasMessageContaining("words/32").hasMessageContaining("other-model/32");
  }

  @Test
  void theFirstVectorRecordsTheModelAndAWriteByAnotherModelIsRefusedWithNothingWritten() {
    memory.remember("f", "refund policy", Remember.defaults());
    Memory other = new Memory(store, MemorySettings.defaults().withClock(CLOCK)
        .withEmbedder(new WordEmbedder("other-model")));

    assertThat(Memory.embedderOf(store)).contains(embedder.identity());
    assertThatThrownBy(() -> other.remember("g", "gift cards", Remember.defaults()))
        .isInstanceOf(WeftException.class).hasMessageContaining("made by words/32");
    assertThat(other.get("g", null)).isEmpty();
    assertThat(Memory.embedderOf(new WordStore())).isEmpty();
  }

  @Test
  void aFailedEmbeddingStoresTheTextWithoutAVectorAndSaysWhy() {
    Remembered remembered = memory.remember("f", "FAIL this one", Remember.defaults());
    assertThat(remembered.embedFailure()).contains("model refused the text");
    assertThat(remembered.record().embedder()).isEmpty();
    assertThat(memory.get("f", null)).isPresent();
  }

  @Test
  void anUnchangedTextKeepsItsVectorOnAnUpsertWithoutAnEmbedderAndAChangedOneDropsIt() {
    memory.remember("f", "refund policy", Remember.defaults());
    plain.remember("f", "refund policy", Remember.defaults().withBy(MemoryAuthor.HUMAN));
    assertThat(plain.get("f", null).orElseThrow().embedder()).isPresent();
    plain.remember("f", "new refund policy", Remember.defaults());
    assertThat(plain.get("f", null).orElseThrow().embedder()).isEmpty();
  }

  @Test
  void theRecallLogFeedsReviewAndPromotionCandidatesAndLogFalseSkipsIt() {
    memory.remember("agent-fact", "deploys happen on friday", Remember.defaults());
    memory.remember("human-fact", "deploys need approval", Remember.defaults().withBy(MemoryAuthor.HUMAN));
    memory.remember("ep", "deploys failed on friday", Remember.kind(MemoryKind.EPISODE));
    for (int i = 0; i < 3; i++) {
      memory.recall(MemoryQuery.of("deploys", MemoryKind.FACT));
      memory.recall(MemoryQuery.of("deploys", MemoryKind.EPISODE));
    }
    memory.recall(MemoryQuery.of("deploys", MemoryKind.EPISODE).withLog(false));

    assertThat(memory.reviewCandidates(3, null)).extracting(c -> c.record().id(), RecallCandidate::recalls)
        .containsExactly(org.assertj.core.groups.Tuple.tuple("agent-fact", 3),
            org.assertj.core.groups.Tuple.tuple("ep", 3));
    assertThat(memory.reviewCandidates(4, null)).isEmpty();
    assertThat(memory.promotionCandidates(3, null)).extracting(c -> c.record().id()).containsExactly("ep");
    // a human confirming the agent's fact takes it off the review list
    memory.remember("agent-fact", "deploys happen on friday", Remember.defaults().withBy(MemoryAuthor.HUMAN));
    assertThat(memory.reviewCandidates(3, null)).extracting(c -> c.record().id()).containsExactly("ep");
    assertThatThrownBy(() -> memory.reviewCandidates(0, null)).hasMessageContaining("at least 1");
  }
}
