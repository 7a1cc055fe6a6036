package dev.weft.context.ledger;

import static dev.weft.context.ledger.Fixtures.ev;
import static dev.weft.context.ledger.Fixtures.json;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import dev.weft.context.error.ExitStatus;
import dev.weft.context.error.WeftException;
import dev.weft.context.store.FilterStore;
import dev.weft.context.store.Store;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

class LedgerRecordsTest {
  private final TestStore store = new TestStore();
  private final Ledger ledger = Fixtures.ledger(store);

  @Test
  void aMemoryWithoutEvidenceIsRefusedAndNothingIsWritten() {
    for (JsonNode bad : new JsonNode[] {null, ev(" "), json("[]"), json("['ok', '']"), json("3")}) {
      assertThatThrownBy(() -> ledger.addMemory("the build needs JDK 17", Set.of(), bad))
          .isInstanceOf(ClaimEvidenceException.class)
          .hasMessageContaining("evidence refused at");
    }
    assertThat(store.keys("")).isEmpty();
  }

  @Test
  void aMemoryKeepsTextTagsAndEvidenceUnderLedgerPrefix() {
    WriteResult written = ledger.addMemory("the build needs JDK 17", Set.of("build", " jdk "),
        json("['pom.xml:21']"));

    assertThat(written.id()).isEqualTo("memory:1");
    assertThat(written.embedded()).isFalse();
    JsonNode memory = ledger.get("memory:1").orElseThrow();
    assertThat(memory.get("text").asText()).isEqualTo("the build needs JDK 17");
    assertThat(memory.get("tags")).hasToString("[\"build\",\"jdk\"]");
    assertThat(memory.get("evidence")).hasToString("[\"pom.xml:21\"]");
    assertThat(store.keys("")).containsExactly("ledger/counters", "ledger/memory/0000000001");
  }

  @Test
  void aWriteOfRecordAndCounterIsOneMutate() {
    ledger.addMemory("one", Set.of(), ev("e"));
    int before = store.writes;
    ledger.addMemory("two", Set.of(), ev("e"));
    assertThat(store.writes - before).isEqualTo(1);
  }

  @Test
  void keysListInInsertionOrderPastTenRecords() {
    for (int i = 1; i <= 12; i++) {
      ledger.addMemory("m" + i, Set.of(), ev("e"));
    }
    assertThat(store.keys("ledger/memory/")).hasSize(12).isSorted();
    assertThat(store.get(store.keys("ledger/memory/").get(11)).orElseThrow().get("id").asText())
        .isEqualTo("memory:12");
  }

  @Test
  void aDeletedAddressIsNeverMintedAgain() {
    ledger.addMemory("a", Set.of(), ev("e"));
    ledger.addMemory("b", Set.of(), ev("e"));
    ledger.delete("memory:2");

    assertThat(ledger.get("memory:2")).isEmpty();
    assertThat(ledger.addMemory("c", Set.of(), ev("e")).id()).isEqualTo("memory:3");
  }

  @Test
  void deletingAnAbsentAddressSaysNothingWasFound() {
    assertThatThrownBy(() -> ledger.delete("memory:9"))
        .isInstanceOfSatisfying(WeftException.class, e -> assertThat(e.status()).isEqualTo(ExitStatus.NOTHING_FOUND))
        .hasMessageContaining("no memory:9");
    assertThatThrownBy(() -> ledger.get("goal:1")).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("memory:N or skill:N, got: 'goal:1'");
    assertThatThrownBy(() -> ledger.get("memory:x")).hasMessageContaining("got: 'memory:x'");
  }

  @Test
  void aSkillOfTheSameNameIsReplacedKeepingItsAddress() {
    String first = ledger.putSkill("release", "cutting a release", "run mvn verify", Set.of()).id();
    ledger.putSkill("review", "reviewing a change", "read the diff", Set.of());
    String again = ledger.putSkill("release", "cutting a release", "run mvn verify, then tag", Set.of()).id();

    assertThat(again).isEqualTo(first).isEqualTo("skill:1");
    JsonNode skill = ledger.get("skill:1").orElseThrow();
    assertThat(skill.get("instructions").asText()).isEqualTo("run mvn verify, then tag");
    assertThat(skill.get("updatedAt").asText()).isGreaterThan(skill.get("createdAt").asText());
    assertThat(ledger.putSkill("deploy", "shipping", "helm upgrade", Set.of()).id()).isEqualTo("skill:3");
  }

  @Test
  void aMintThatLosesARaceGuessesAgainAndNeitherWriteIsLost() {
    TestStore shared = new TestStore();
    Ledger other = Fixtures.ledger(shared);
    boolean[] raced = {false};
    Store racing = new FilterStore(shared) {
      @Override
      public Optional<JsonNode> get(String key) {
        Optional<JsonNode> value = super.get(key);
        if (key.equals(LedgerKeys.COUNTERS) && !raced[0]) {
          raced[0] = true;
          other.addMemory("from the other writer", Set.of(), ev("e")); // mints memory:1 after our guess
        }
        return value;
      }
    };
    String id = Fixtures.ledger(racing).addMemory("ours", Set.of(), ev("e")).id();

    assertThat(id).isEqualTo("memory:2");
    assertThat(other.get("memory:1").orElseThrow().get("text").asText()).isEqualTo("from the other writer");
    assertThat(other.get("memory:2").orElseThrow().get("text").asText()).isEqualTo("ours");
  }

  @Test
  void twoPutsOfOneSkillNameNeverMakeTwoSkills() {
    TestStore shared = new TestStore();
    Ledger other = Fixtures.ledger(shared);
    boolean[] raced = {false};
    Store racing = new FilterStore(shared) {
      @Override
      public Optional<JsonNode> get(String key) {
        Optional<JsonNode> value = super.get(key);
        if (key.equals(LedgerKeys.COUNTERS) && !raced[0]) {
          raced[0] = true;
          other.putSkill("release", "cutting a release", "theirs", Set.of()); // between a lookup and a mint
        }
        return value;
      }
    };
    Fixtures.ledger(racing).putSkill("release", "cutting a release", "ours", Set.of());

    assertThat(shared.keys("ledger/skill/")).hasSize(1);
    assertThat(other.get("skill:1").orElseThrow().get("instructions").asText()).isEqualTo("ours");
  }

  @Test
  void aStoreWithoutMutateIsRefusedByName() {
    Store plain = new FilterStore(new TestStore()) {
      @Override
      public Set<Capability> capabilities() {
        return Set.of();
      }
    };
    assertThatThrownBy(() -> Fixtures.ledger(plain)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("needs a store that offers mutate");
  }
}
