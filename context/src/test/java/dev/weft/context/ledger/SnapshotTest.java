package dev.weft.context.ledger;

import static dev.weft.context.ledger.Fixtures.ev;
import static dev.weft.context.ledger.Fixtures.json;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

class SnapshotTest {
  @Test
  void rollbackRestoresByteIdenticalRecordsButNotTheCounters() {
    TestStore store = new TestStore();
    Ledger ledger = Fixtures.ledger(store);
    ledger.setGoal("g");
    ledger.addMemory("kept", Set.of("x"), ev("e"));
    ledger.putArchive(List.of(new ArchiveEntry("s", "text", json("{}"))), false);
    LedgerSnapshot before = ledger.snapshot();

    ledger.addMemory("later", Set.of(), ev("e"));
    ledger.delete("memory:1");
    ledger.appendProgress("p", ev("e"));
    ledger.clearArchives();
    ledger.rollback(before);

    assertThat(ledger.snapshot().records()).isEqualTo(before.records());
    assertThat(ledger.get("memory:2")).isEmpty();
    assertThat(ledger.addMemory("after", Set.of(), ev("e")).id()).isEqualTo("memory:3");
  }

  /**
   * Whatever is written, deleted, snapshotted and rolled back, every address handed out is new: the counters
   * never go down.
   */
  @Property(tries = 200)
  void noSequenceOfWritesDeletesAndRollbacksReusesAnAddress(@ForAll("operations") List<Integer> ops) {
    Ledger ledger = Fixtures.ledger(new TestStore());
    Set<String> minted = new HashSet<>();
    List<LedgerSnapshot> snapshots = new java.util.ArrayList<>();
    snapshots.add(ledger.snapshot());
    ledger.setGoal("g");
    for (int op : ops) {
      switch (op) {
        case 0 -> assertThat(minted.add(ledger.addMemory("m", Set.of(), ev("e")).id())).isTrue();
        case 1 -> assertThat(minted.add(ledger.putSkill("s" + minted.size(), "w", "i", Set.of()).id())).isTrue();
        case 2 -> assertThat(minted.addAll(ledger.putArchive(List.of(new ArchiveEntry("n", "t", json("{}"))), false)))
            .isTrue();
        case 3 -> minted.stream().filter(id -> id.startsWith("memory:")).findFirst().ifPresent(id -> {
          if (ledger.get(id).isPresent()) {
            ledger.delete(id);
          }
        });
        case 4 -> snapshots.add(ledger.snapshot());
        case 5 -> ledger.rollback(snapshots.get(snapshots.size() / 2));
        default -> assertThat(minted.add(ledger.setGoal("goal " + op))).isTrue();
      }
    }
  }

  @Provide
  Arbitrary<List<Integer>> operations() {
    return Arbitraries.integers().between(0, 6).list().ofMaxSize(40);
  }
}
