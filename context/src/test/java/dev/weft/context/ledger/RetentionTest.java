package dev.weft.context.ledger;

import static dev.weft.context.ledger.Fixtures.ev;
import static dev.weft.context.ledger.Fixtures.json;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

public class RetentionTest extends LedgerTestCase {
  private List<String> put(String... texts) {
    List<ArchiveEntry> entries = new java.util.ArrayList<>();
    for (String text : texts) {
      entries.add(new ArchiveEntry("out", text, json("{'tool': 'grep'}")));
    }
    return ledger.putArchive(entries, false);
  }

  @Test
  void aSlotKeepsItsMetadataApartFromItsBytes() {
    assertThat(put("hello")).containsExactly("slot:1");
    JsonNode meta = store.get("ledger/slot/0000000001").orElseThrow();
    assertThat(meta.has("text")).isFalse();
    assertThat(meta.get("bytes").asInt()).isEqualTo(5);
    assertThat(meta.get("meta").get("tool").asText()).isEqualTo("grep");
    assertThat(store.get("ledger/slotdata/0000000001").orElseThrow().get("text").asText()).isEqualTo("hello");
    SlotRead read = ledger.readSlot("slot:1");
    assertThat(read.status()).isEqualTo("live");
    assertThat(read.text()).contains("hello");
    assertThat(ledger.readSlot("slot:2").status()).isEqualTo("absent");
  }

  @Test
  void slotsAreFoundByTheirNamesPrefixTheLastMintedWinningAName() {
    ledger.putArchive(List.of(new ArchiveEntry("agent/r1/round/1", "a", json("{}")),
        new ArchiveEntry("agent/r1/round/2", "b", json("{}")), new ArchiveEntry("agent/r2/round/1", "c",
        json("{}"))), true);
    ledger.putArchive(List.of(new ArchiveEntry("agent/r1/round/2", "b2", json("{}"))), true);

    assertThat(ledger.slotsNamed("agent/r1/")).isEqualTo(Map.of("agent/r1/round/1", "slot:1",
        "agent/r1/round/2", "slot:4"));
    assertThat(ledger.slotsNamed("agent/none/")).isEmpty();
  }

  @Test
  void overMaxItemsTheOldestUncitedMutableSlotsAreEvictedToTombstones() {
    put("one", "two");
    ledger.putArchive(List.of(new ArchiveEntry("pinned", "three", json("{}"))), true);
    put("four");
    ledger.addMemory("two matters", Set.of(), ev("slot:2")); // cites slot:2

    assertThat(ledger.archiveLimits(Map.of("maxItems", 2L))).containsExactly("slot:1", "slot:4");
    SlotRead evicted = ledger.readSlot("slot:1");
    assertThat(evicted.status()).isEqualTo("evicted");
    assertThat(evicted.text()).isEmpty();
    assertThat(evicted.meta().orElseThrow().get("reason").asText()).isEqualTo("archive limits {\"maxItems\":2}");
    assertThat(store.get("ledger/slotdata/0000000001")).isEmpty();
    assertThat(ledger.readSlot("slot:2").text()).contains("two");
    assertThat(ledger.readSlot("slot:3").text()).contains("three");

    // a new slot pushes nothing cited or immutable out: only itself is evictable, and it is the newest
    assertThat(put("five")).containsExactly("slot:5");
    assertThat(ledger.readSlot("slot:5").status()).isEqualTo("evicted");
    JsonNode report = ledger.retentionReport().get("archive");
    assertThat(report.get("live").asInt()).isEqualTo(2);
    assertThat(report.get("evicted").asInt()).isEqualTo(3);
    assertThat(report.get("overLimit").asBoolean()).isFalse();
  }

  @Test
  void maxBytesEvictsUntilTheLiveBytesFit() {
    put("12345", "12345", "12345");
    assertThat(ledger.archiveLimits(Map.of("maxBytes", 10L))).containsExactly("slot:1");
    assertThat(ledger.retentionReport().get("archive").get("liveBytes").asInt()).isEqualTo(10);
  }

  @Test
  void clearArchivesKeepsImmutableAndCitedSlots() {
    put("a", "b");
    ledger.putArchive(List.of(new ArchiveEntry("pinned", "c", json("{}"))), true);
    ledger.setGoal("g");
    ledger.appendProgress("used b", json("['slot:2']"));

    assertThat(ledger.clearArchives()).containsExactly("slot:1");
    assertThat(ledger.clearArchives()).isEmpty();
  }

  @Test
  void reportAndFootprintCountWhatIsThere() {
    put("abc");
    ledger.setGoal("g");
    ledger.goalLimits(Map.of("maxEntries", 5L));
    ledger.appendProgress("n", ev("e"));
    JsonNode report = ledger.retentionReport();
    assertThat(report.get("goal").get("current").asText()).isEqualTo("goal:1");
    assertThat(report.get("goal").get("entries").asInt()).isEqualTo(1);
    assertThat(report.get("goal").get("limits")).hasToString("{\"maxEntries\":5}");

    JsonNode footprint = ledger.footprint();
    assertThat(footprint.get("kinds").get("slot").get("keys").asInt()).isEqualTo(1);
    assertThat(footprint.get("kinds").get("slotdata").get("keys").asInt()).isEqualTo(1);
    assertThat(footprint.get("keys").asInt()).isEqualTo(store.keys("ledger/").size());
  }
}
