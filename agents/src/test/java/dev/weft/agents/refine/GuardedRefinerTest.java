package dev.weft.agents.refine;

import static dev.weft.agents.refine.LedgerRefinerTest.json;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dev.weft.agents.program.CompileError;
import dev.weft.agents.refine.Refinement.Status;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/** The engine alone, over a document held in memory: commit failures, restore retries, snapshot failures. */
class GuardedRefinerTest {
  /** A document in a reference; commit and restore fail as told. */
  private static final class Held implements GuardedDocument<JsonNode, JsonNode> {
    final AtomicReference<JsonNode> stored = new AtomicReference<>(json("{'items': [1]}"));
    RuntimeException commitFailure;
    RuntimeException snapshotFailure;
    final List<RuntimeException> restoreFailures = new ArrayList<>();
    final AtomicInteger restores = new AtomicInteger();

    @Override
    public JsonNode read() {
      return stored.get();
    }

    @Override
    public List<CompileError> validate(JsonNode proposal) {
      return List.of();
    }

    @Override
    public JsonNode apply(JsonNode document, JsonNode proposal) {
      return PatchApply.apply(document, proposal);
    }

    @Override
    public JsonNode plan(JsonNode document, JsonNode candidate, JsonNode proposal) {
      return candidate;
    }

    @Override
    public boolean isEmpty(JsonNode plan) {
      return plan.equals(stored.get());
    }

    @Override
    public JsonNode report(JsonNode plan) {
      return JsonNodeFactory.instance.objectNode();
    }

    @Override
    public Snapshot snapshot() {
      if (snapshotFailure != null) {
        throw snapshotFailure;
      }
      JsonNode before = stored.get();
      return () -> {
        restores.incrementAndGet();
        if (!restoreFailures.isEmpty()) {
          throw restoreFailures.remove(0);
        }
        stored.set(before);
      };
    }

    @Override
    public JsonNode commit(JsonNode plan) {
      stored.set(json("{'items': ['half']}")); // a commit that wrote part of its plan before failing
      if (commitFailure != null) {
        throw commitFailure;
      }
      stored.set(plan);
      return plan;
    }
  }

  private static final JsonNode ADD = json("[{'op': 'add', 'path': '/items/-', 'value': 2}]");

  @Test
  void aFailedCommitIsRestoredAndNothingIsLeftHalfApplied() {
    Held held = new Held();
    held.commitFailure = new IllegalStateException("disk full");

    Refinement result = new GuardedRefiner<>(held).commit(ADD);

    assertThat(result.status()).isEqualTo(Status.ROLLED_BACK);
    assertThat(result.message()).contains("disk full");
    assertThat(held.stored.get()).isEqualTo(json("{'items': [1]}"));
  }

  @Test
  void aFailedRestoreIsTriedOnceMore() {
    Held held = new Held();
    held.commitFailure = new IllegalStateException("disk full");
    held.restoreFailures.add(new IllegalStateException("store busy"));

    Refinement result = new GuardedRefiner<>(held).commit(ADD);

    assertThat(result.status()).isEqualTo(Status.ROLLED_BACK);
    assertThat(held.restores).hasValue(2);
    assertThat(result.message()).contains("second try").contains("store busy").contains("disk full");
    assertThat(held.stored.get()).isEqualTo(json("{'items': [1]}"));
  }

  @Test
  void aRestoreThatFailsTwiceReportsBothCauses() {
    Held held = new Held();
    held.commitFailure = new IllegalStateException("disk full");
    held.restoreFailures.add(new IllegalStateException("store busy"));
    held.restoreFailures.add(new IllegalStateException("store gone"));

    Refinement result = new GuardedRefiner<>(held).commit(ADD);

    assertThat(result.status()).isEqualTo(Status.RESTORE_FAILED);
    assertThat(held.restores).hasValue(2);
    assertThat(result.message()).contains("disk full").contains("store gone");
    assertThat(result.snapshot()).isPresent();
  }

  @Test
  void aSnapshotThatCannotBeTakenWritesNothing() {
    Held held = new Held();
    held.snapshotFailure = new IllegalStateException("no space for a snapshot");

    Refinement result = new GuardedRefiner<>(held).commit(ADD);

    assertThat(result.status()).isEqualTo(Status.SNAPSHOT_FAILED);
    assertThat(held.stored.get()).isEqualTo(json("{'items': [1]}"));
  }

  @Test
  void aCommittedProposalCarriesItsSnapshotWhoseRestoreUndoesIt() {
    Held held = new Held();

    Refinement result = new GuardedRefiner<>(held).commit(ADD);

    assertThat(result.status()).isEqualTo(Status.APPLIED);
    assertThat(held.stored.get()).isEqualTo(json("{'items': [1, 2]}"));
    result.snapshot().orElseThrow().restore();
    assertThat(held.stored.get()).isEqualTo(json("{'items': [1]}"));
  }
}
