package dev.weft.transforms.dataset;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.weft.context.DeadLetter;
import dev.weft.context.FileState;
import dev.weft.context.Kind;
import dev.weft.transforms.ingest.FileOutcome;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The dataset planner's decisions, and the selection that carries them to an executor. */
class DatasetPlannerTest {
  private static final String STAMP = "stamp-1";

  @TempDir Path tmp;

  @Test
  void selectsNewAndChangedRecordsByPositionAndDeadLettersBadLinesAndRepeatedIds() throws IOException {
    Path dataset = Files.writeString(tmp.resolve("corpus.jsonl"), """
        {"_id": "same", "text": "unchanged text"}
        {"_id": "changed", "text": "new text"}
        not json
        {"_id": "new", "text": "brand new"}
        {"_id": "new", "text": "a repeat"}
        """);
    Map<String, FileState> indexed = Map.of(
        "same", state("same", "unchanged text", STAMP),
        "changed", state("changed", "old text", STAMP),
        "gone", state("gone", "whatever", STAMP));

    DatasetChangeSet changes = new DatasetPlanner(STAMP).plan(dataset, indexed, false);

    assertThat(changes.toChunk()).isEqualTo(2);
    assertThat(changes.selection().outcomes()).isEqualTo(5);
    assertThat(List.of(0, 1, 2, 3, 4)).filteredOn(changes.selection()::selects).containsExactly(1, 3);
    assertThat(changes.added()).isEqualTo(1);
    assertThat(changes.replaced()).containsExactly("changed");
    assertThat(changes.removed()).containsExactly("gone");
    assertThat(changes.unchanged()).isEqualTo(1);
    assertThat(changes.deadLetters()).extracting(DeadLetter::path).containsExactly("line 3", "new");
    List<String> read = new ArrayList<>();
    changes.selection().read(dataset, record -> read.add(record.id() + ":" + record.text()));
    assertThat(read).containsExactly("changed:new text", "new:brand new");
  }

  @Test
  void aNewChunkerStampOrForceSelectsEveryValidRecordOnce() throws IOException {
    Path dataset = Files.writeString(tmp.resolve("corpus.jsonl"), """
        {"_id": "a", "text": "one"}
        {"_id": "a", "text": "one"}
        """);
    Map<String, FileState> indexed = Map.of("a", state("a", "one", "stamp-0"));

    assertThat(new DatasetPlanner(STAMP).plan(dataset, indexed, false).replaced()).containsExactly("a");
    assertThat(new DatasetPlanner("stamp-0").plan(dataset, indexed, true).toChunk()).isEqualTo(1);
    assertThat(new DatasetPlanner("stamp-0").plan(dataset, indexed, false).toChunk()).isZero();
  }

  @Test
  void aDatasetThatChangedAfterPlanningIsRefusedRatherThanMisread() throws IOException {
    Path dataset = Files.writeString(tmp.resolve("corpus.jsonl"), """
        {"_id": "a", "text": "one"}
        {"_id": "b", "text": "two"}
        """);
    DatasetChangeSet changes = new DatasetPlanner(STAMP).plan(dataset, Map.of(), false);
    Files.writeString(dataset, """
        {"_id": "a", "text": "one"}
        """);

    assertThatThrownBy(() -> changes.selection().read(dataset, record -> {}))
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("dataset must not change while it is ingested, but " + dataset
            + " did: it held 2 records when planned, now it holds 1");
    assertThatThrownBy(() -> changes.requireUnchanged(dataset))
        .hasMessageStartingWith("dataset must not change while it is ingested, but " + dataset + " did: planned at ");
  }

  /** The state a record leaves in the index once chunked with {@code stamp}. */
  private static FileState state(String id, String text, String stamp) {
    FileOutcome.Chunked chunked = (FileOutcome.Chunked) RecordChunker.as(Kind.DOC, "text", stamp)
        .chunk(new DatasetRecord(id, "", text));
    FileState state = chunked.state();
    return new FileState(id, state.kind(), state.format(), 0, state.size(), state.contentHash(), stamp,
        chunked.chunks().size());
  }
}
