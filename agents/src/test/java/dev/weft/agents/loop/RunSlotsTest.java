package dev.weft.agents.loop;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dev.weft.agents.model.ChatMessage;
import dev.weft.context.error.ExitStatus;
import dev.weft.context.error.WeftException;
import dev.weft.context.ledger.ArchiveEntry;
import dev.weft.context.ledger.Ledger;
import dev.weft.context.ledger.LedgerOptions;
import dev.weft.context.store.InMemoryStore;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Arrays;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.StringLength;
import org.junit.jupiter.api.Test;

/** A run saved in the ledger reads back whole with its settings, the last save wins; run ids are slot segments. */
class RunSlotsTest {
  private final Ledger ledger = new Ledger(new InMemoryStore(), LedgerOptions.defaults());

  private static AgentRun run(StopReason reason, String... texts) {
    List<ChatMessage> transcript = Arrays.stream(texts).map(ChatMessage::user).toList();
    return new AgentRun(transcript, 0, List.of(), reason, reason.wire(), "", Spend.NONE);
  }

  @Test
  void aSavedRunReadsBackWithItsSettingsAndTheLastSaveWins() {
    RunSlots.save(ledger, "r1", run(StopReason.TOKENS, "first"), JsonNodeFactory.instance.objectNode().put("a", 1));
    String slot = RunSlots.save(ledger, "r1", run(StopReason.COMPLETED, "first", "second"),
        JsonNodeFactory.instance.objectNode().put("a", 2));

    RunSlots.Saved saved = RunSlots.load(ledger, "r1");

    assertThat(slot).startsWith("slot:");
    assertThat(saved.run().transcript()).extracting(ChatMessage::content).containsExactly("first", "second");
    assertThat(saved.run().stopReason()).isEqualTo(StopReason.COMPLETED);
    assertThat(saved.settings().path("a").asInt()).isEqualTo(2);
  }

  @Test
  void anUnknownRunIsNothingFoundAndABrokenOneDamaged() {
    assertThatThrownBy(() -> RunSlots.load(ledger, "r2")).isInstanceOf(WeftException.class)
        .hasMessageContaining("no agent run 'r2'")
        .satisfies(e -> assertThat(((WeftException) e).status()).isEqualTo(ExitStatus.NOTHING_FOUND));
    ledger.putArchive(List.of(new ArchiveEntry(RunSlots.slotName("r2"), "{\"run\": {}}",
        JsonNodeFactory.instance.objectNode())), true);
    assertThatThrownBy(() -> RunSlots.load(ledger, "r2")).isInstanceOf(WeftException.class)
        .hasMessageContaining("does not read back as a run")
        .satisfies(e -> assertThat(((WeftException) e).status()).isEqualTo(ExitStatus.DAMAGED));
  }

  @Test
  void generatedIdsSortByStartAndAreLegal() {
    Clock clock = Clock.fixed(Instant.parse("2026-01-31T09:00:05Z"), ZoneOffset.UTC);
    assertThat(RunId.generate(clock)).matches("20260131T090005-[0-9a-f]{8}");
    assertThat(RunId.check(RunId.generate(clock))).startsWith("20260131T");
  }

  @Property
  void anIdWithAnythingButItsAlphabetIsRefused(@ForAll @StringLength(min = 1, max = 70) String id) {
    boolean legal = id.length() <= 64 && id.chars().allMatch(c -> c < 128 && (Character.isLetterOrDigit(c)
        || c == '.' || c == '_' || c == '-'));
    if (legal) {
      assertThat(RunId.check(id)).isEqualTo(id);
    } else {
      assertThatThrownBy(() -> RunId.check(id)).isInstanceOf(IllegalArgumentException.class)
          .hasMessageStartingWith("a run id must be 1 to 64 of");
    }
  }
}
