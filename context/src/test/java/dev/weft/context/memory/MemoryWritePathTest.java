package dev.weft.context.memory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dev.weft.context.error.WeftException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.Test;

class MemoryWritePathTest {
  private static final Instant T0 = Instant.parse("2026-01-01T00:00:00Z");
  private final WordStore store = new WordStore();
  private final Memory memory = new Memory(store, MemorySettings.defaults().withClock(Clock.fixed(T0, ZoneOffset.UTC)));

  private static List<String> ids(List<MemoryRecord> records) {
    return records.stream().map(MemoryRecord::id).toList();
  }

  @Test
  void rememberIsAKeyedUpsertThatKeepsSequenceAndCreationAndMovesBetweenKinds() {
    Remembered first = memory.remember("pref", "likes tea", Remember.defaults());
    memory.remember("other", "x", Remember.defaults());
    Remembered second = memory.remember("pref", "likes coffee",
        Remember.kind(MemoryKind.EPISODE).withBy(MemoryAuthor.HUMAN));

    assertThat(first.created()).isTrue();
    assertThat(second.created()).isFalse();
    MemoryRecord now = memory.get("pref", null).orElseThrow();
    assertThat(now.text()).isEqualTo("likes coffee");
    assertThat(now.kind()).isEqualTo(MemoryKind.EPISODE);
    assertThat(now.by()).isEqualTo(MemoryAuthor.HUMAN);
    assertThat(now.seq()).isEqualTo(first.record().seq());
    assertThat(memory.count(null, MemoryKind.FACT)).isEqualTo(1);
    assertThat(memory.count(null, MemoryKind.EPISODE)).isEqualTo(1);
    assertThat(memory.count(null, null)).isEqualTo(2);
  }

  @Test
  void everyRememberAndForgetIsOneMutateAndEveryKeyIsUnderMemory() {
    memory.remember("a", "one", Remember.defaults());
    memory.remember("b", "two", Remember.kind(MemoryKind.EPISODE));
    memory.forget("a", null);

    assertThat(store.mutates).isEqualTo(3);
    assertThat(store.keys("")).allMatch(k -> k.startsWith("memory/"));
  }

  @Test
  void forgetTakesTheIdAndItsSegmentsButSparesSiblings() {
    for (String id : List.of("a", "a#2", "a#2#1", "ab", "b/a")) {
      memory.remember(id, "text of " + id, Remember.defaults());
    }
    assertThat(memory.forget("a#2", null)).isEqualTo(2);
    assertThat(memory.get("a", null)).isPresent();
    memory.remember("a#3", "again", Remember.kind(MemoryKind.DOC));

    assertThat(memory.forget("a", null)).isEqualTo(2);
    assertThat(ids(memory.enumerate(null, 0, 10).records())).containsExactly("ab", "b/a");
    assertThat(memory.forget("zzz", null)).isZero();
  }

  @Test
  void forgetSparesIdsThatOnlyStartWithTheIdAndAHash() {
    for (String id : List.of("a", "a#2", "a#2#10", "a#b", "a#", "a#2b", "a##2", "a#2#")) {
      memory.remember(id, "text of " + id, Remember.defaults());
    }

    assertThat(memory.forget("a", null)).isEqualTo(3);

    assertThat(ids(memory.enumerate(null, 0, 10).records())).containsExactly("a#b", "a#", "a#2b", "a##2", "a#2#");
  }

  @Test
  void anIdThatIsNotWholeTextIsRefusedEverywhere() {
    for (String id : List.of("x\uFFFD", "x\uD800", "\uDC00x", "x\uD800y")) {
      assertThatThrownBy(() -> memory.remember(id, "t", Remember.defaults())).as(id)
          .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("memory id must be valid UTF-8 text");
      assertThatThrownBy(() -> memory.get(id, null)).as(id).isInstanceOf(IllegalArgumentException.class);
      assertThatThrownBy(() -> memory.forget(id, null)).as(id).isInstanceOf(IllegalArgumentException.class);
    }
    memory.remember("emoji \uD83D\uDE00", "a pair is whole text", Remember.defaults());
    assertThat(memory.get("emoji \uD83D\uDE00", null)).isPresent();
  }

  @Test
  void bulkForgetSelectsByKindAndAuthorAndRefusesAnEmptySelector() {
    memory.remember("f1", "fact by agent", Remember.defaults());
    memory.remember("f2", "fact by human", Remember.defaults().withBy(MemoryAuthor.HUMAN));
    memory.remember("e1", "episode by agent", Remember.kind(MemoryKind.EPISODE));

    assertThat(memory.forget(new ForgetSelector(MemoryKind.FACT, MemoryAuthor.AGENT), null)).isEqualTo(1);
    assertThat(ids(memory.enumerate(null, 0, 10).records())).containsExactly("f2", "e1");
    assertThat(memory.forget(new ForgetSelector(null, MemoryAuthor.AGENT), null)).isEqualTo(1);
    assertThatThrownBy(() -> new ForgetSelector(null, null))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("empty selector");
  }

  @Test
  void enumerateIsInsertionOrderPagedByCursorSoForgettingBetweenPagesSkipsNothing() {
    for (int i = 1; i <= 7; i++) {
      memory.remember("m" + i, "text " + i, Remember.defaults());
    }
    MemoryPage first = memory.enumerate(null, 0, 3);
    assertThat(ids(first.records())).containsExactly("m1", "m2", "m3");
    memory.forget("m2", null);
    memory.forget("m4", null);
    memory.remember("m1", "replaced", Remember.defaults());
    MemoryPage second = memory.enumerate(null, first.next().orElseThrow(), 3);
    assertThat(ids(second.records())).containsExactly("m5", "m6", "m7");
    assertThat(second.next()).isEmpty();
    assertThat(ids(memory.recentMemory(null, null, 2))).containsExactly("m7", "m6");
    assertThatThrownBy(() -> memory.enumerate(null, 0, 0)).hasMessage("limit must be at least 1, got: 0");
  }

  @Test
  void aForgottenSequenceNumberIsNeverReused() {
    memory.remember("a", "one", Remember.defaults());
    memory.remember("b", "two", Remember.defaults());
    memory.forget("b", null);
    Remembered c = memory.remember("c", "three", Remember.defaults());
    assertThat(c.record().seq()).isEqualTo(3);
  }

  @Test
  void scopesAreApartAndTheDefaultIsGlobalUnlessStrict() {
    MemoryScope alice = MemoryScope.owner("alice");
    MemoryScope aliceS1 = MemoryScope.session("alice", "s1");
    memory.remember("k", "global text", Remember.defaults());
    memory.remember("k", "alice text", Remember.defaults().withScope(alice));
    memory.remember("k", "session text", Remember.defaults().withScope(aliceS1));

    assertThat(memory.get("k", null).orElseThrow().text()).isEqualTo("global text");
    assertThat(memory.get("k", MemoryScope.GLOBAL).orElseThrow().text()).isEqualTo("global text");
    assertThat(memory.get("k", alice).orElseThrow().text()).isEqualTo("alice text");
    assertThat(memory.withScope(aliceS1).get("k", null).orElseThrow().text()).isEqualTo("session text");
    memory.forget("k", alice);
    assertThat(memory.get("k", aliceS1)).isPresent();
    assertThatThrownBy(() -> memory.strict().get("k", null))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("strict and the call named no scope");
    assertThat(memory.strict().get("k", MemoryScope.GLOBAL)).isPresent();
  }

  @Test
  void aScopedViewRefusesOtherTenantsAndGlobal() {
    Memory bob = memory.scoped("bob");
    bob.remember("k", "bob's", Remember.defaults());
    bob.remember("k", "bob's session", Remember.defaults().withScope(MemoryScope.session("bob", "s")));

    assertThat(memory.get("k", MemoryScope.owner("bob")).orElseThrow().text()).isEqualTo("bob's");
    assertThatThrownBy(() -> bob.get("k", MemoryScope.owner("carol")))
        .isInstanceOf(WeftException.class).hasMessageContaining("outside this view of tenant 'bob'");
    assertThatThrownBy(() -> bob.count(MemoryScope.GLOBAL, null)).isInstanceOf(WeftException.class);
    assertThatThrownBy(() -> bob.scoped("carol")).hasMessageContaining("cannot be widened");
  }

  @Test
  void anIdWithSlashesOrDotsCannotReachAnotherScopeOrKind() {
    memory.remember("../o.eve/fact/x", "tricky", Remember.defaults().withScope(MemoryScope.owner("a/b")));
    assertThat(store.keys("memory/o.eve")).isEmpty();
    assertThat(store.keys("memory/")).allMatch(k -> k.startsWith("memory/o.a%2Fb/"));
    assertThat(memory.get("../o.eve/fact/x", MemoryScope.owner("a/b"))).isPresent();
  }

  @Test
  void anEpisodeWritePrunesTheScopesEpisodesOlderThanTheWindowAndRefusesAnAlreadyExpiredOne() {
    MutableClock clock = new MutableClock(T0);
    Memory windowed = new Memory(store, MemorySettings.defaults().withClock(clock)
        .withEpisodeWindow(Duration.ofDays(30)));
    windowed.remember("old", "old episode", Remember.kind(MemoryKind.EPISODE));
    windowed.remember("fact", "a fact stays", Remember.defaults());
    windowed.remember("other", "another scope", Remember.kind(MemoryKind.EPISODE)
        .withScope(MemoryScope.owner("x")));
    clock.now = T0.plus(Duration.ofDays(31));

    Remembered fresh = windowed.remember("new", "new episode", Remember.kind(MemoryKind.EPISODE));

    assertThat(fresh.pruned()).isEqualTo(1);
    assertThat(ids(windowed.enumerate(null, 0, 10).records())).containsExactly("fact", "new");
    assertThat(windowed.get("other", MemoryScope.owner("x"))).isPresent();
    assertThatThrownBy(() -> windowed.remember("late", "long ago", Remember.kind(MemoryKind.EPISODE)
        .withOccurredAt(T0))).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("window");
  }

  @Test
  void aWriterThatTakesTheNextSequenceNumberMeanwhileCostsNoReplanAndBothLand() {
    // another writer commits between this remember's plan and its mutate; the counter is read inside the mutate
    store.beforeMutate.add(() -> memory.remember("them", "their write", Remember.defaults()));
    Remembered mine = memory.remember("me", "my write", Remember.defaults());

    assertThat(mine.record().seq()).isEqualTo(2);
    assertThat(ids(memory.enumerate(null, 0, 10).records())).containsExactly("them", "me");
    assertThat(store.mutates).isEqualTo(2);
  }

  @Test
  void aWriterThatChangesWhatThePlanReadMakesItReplanAndTheUpsertSeesIt() {
    // the same id is remembered meanwhile: the plan thought it new, so it must replan as an update of that record
    store.beforeMutate.add(() -> memory.remember("same", "their text", Remember.defaults()));
    Remembered mine = memory.remember("same", "my text", Remember.defaults());

    assertThat(mine.created()).isFalse();
    assertThat(mine.record().seq()).isEqualTo(1);
    assertThat(memory.count(null, null)).isEqualTo(1);
    assertThat(memory.get("same", null).orElseThrow().text()).isEqualTo("my text");
    assertThat(store.mutates).isEqualTo(3);
  }

  @Test
  void moreWritersThanTheSequenceWindowMeanwhileMakeItReplanNotSkipOrReuseANumber() {
    store.beforeMutate.add(() -> {
      for (int i = 0; i <= MemoryWrites.SEQ_WINDOW; i++) {
        memory.remember("them" + i, "their write", Remember.defaults());
      }
    });
    Remembered mine = memory.remember("me", "my write", Remember.defaults());

    assertThat(mine.record().seq()).isEqualTo(MemoryWrites.SEQ_WINDOW + 2);
    assertThat(memory.enumerate(null, 0, 1000).records()).extracting(MemoryRecord::seq)
        .containsExactlyElementsOf(java.util.stream.LongStream.rangeClosed(1, MemoryWrites.SEQ_WINDOW + 2).boxed()
            .toList());
  }

  @Test
  void metaIsKeptOnAnUpsertThatGivesNone() {
    memory.remember("m", "text", Remember.defaults().withMeta(JsonNodeFactory.instance.objectNode().put("src", "x")));
    memory.remember("m", "text 2", Remember.defaults());
    assertThat(memory.get("m", null).orElseThrow().meta().path("src").asText()).isEqualTo("x");
    assertThatThrownBy(() -> Remember.defaults().withMeta(JsonNodeFactory.instance.textNode("no")))
        .hasMessageContaining("meta must be a JSON object");
  }

  @Test
  void scopeParsesTheCliForms() {
    assertThat(MemoryScope.parse("global")).isEqualTo(MemoryScope.GLOBAL);
    assertThat(MemoryScope.parse("alice")).isEqualTo(MemoryScope.owner("alice"));
    assertThat(MemoryScope.parse("alice/s1")).isEqualTo(MemoryScope.session("alice", "s1"));
    assertThatThrownBy(() -> MemoryScope.parse("a/b/c")).hasMessageContaining("OWNER/SESSION");
  }

  static final class MutableClock extends Clock {
    Instant now;

    MutableClock(Instant now) {
      this.now = now;
    }

    @Override
    public java.time.ZoneId getZone() {
      return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(java.time.ZoneId zone) {
      return this;
    }

    @Override
    public Instant instant() {
      return now;
    }
  }
}
