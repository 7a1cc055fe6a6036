package dev.weft.index.store;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dev.weft.context.store.Outcome;
import dev.weft.context.store.Scope;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.lucene.index.SegmentInfos;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A store written by the version before the commit-point journal ({@link OldLayout}): a crash between the newest
 * commit point's rename and its fsync could leave {@code segments_N} named but not whole, beside the commit before
 * it (KeepPreviousCommit). Reopening — now through the journal — answers from that commit: the last acknowledged
 * state, never part of the torn one. Such a store opens and goes on in the journal. A torn record of the journal
 * is simply not there (here for a store; the format's cases in {@link CommitPointJournalDirectoryTest}).
 */
class TornCommitPointTest {
  @TempDir
  Path tmp;

  private static JsonNode value(int n) {
    return JsonNodeFactory.instance.objectNode().put("n", n);
  }

  /** What the crash left of the newest commit point's bytes. */
  private static void tear(Path segments, String how) throws IOException {
    byte[] whole = Files.readAllBytes(segments);
    byte[] torn = switch (how) {
      case "empty" -> new byte[0];
      case "zeros" -> new byte[whole.length];
      case "half" -> Arrays.copyOf(whole, whole.length / 2);
      default -> throw new IllegalArgumentException(how);
    };
    Files.write(segments, torn);
  }

  private static Path newestCommitPoint(Path dir) throws IOException {
    OldLayout.convert(dir);
    try (Stream<Path> files = Files.list(dir)) {
      return files.filter(f -> f.getFileName().toString().startsWith("segments_"))
          .max(Comparator.comparingLong(f -> SegmentInfos.generationFromSegmentsFileName(f.getFileName().toString())))
          .orElseThrow();
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"empty", "zeros", "half"})
  void aTornNewestCommitPointIsSetAsideAndTheStoreOpensTheCommitBeforeIt(String how) throws IOException {
    Path dir = tmp.resolve("ledger");
    try (LuceneStore store = LuceneStore.open(dir)) {
      store.set("a", value(1));
      store.set("b", value(1));
      store.set("a", value(2));
    }
    Path newest = newestCommitPoint(dir);
    tear(newest, how);

    try (LuceneStore store = LuceneStore.open(dir)) {
      // the torn commit (a = 2) was never acknowledged: the state is the commit before it, whole
      assertThat(store.get("a")).contains(value(1));
      assertThat(store.get("b")).contains(value(1));
      assertThat(store.keys("")).containsExactly("a", "b");
      store.set("c", value(3));
    }
    assertThat(dir.resolve("torn-" + newest.getFileName())).exists();
    try (LuceneStore store = LuceneStore.open(dir)) {
      assertThat(store.keys("")).containsExactly("a", "b", "c");
      assertThat(store.get("a")).contains(value(1));
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"empty", "half"})
  void aReaderOfAnotherProcessMeetingATornCommitPointReadsTheCommitBeforeIt(String how) throws IOException {
    Path dir = tmp.resolve("ledger");
    try (LuceneStore reader = LuceneStore.open(dir)) {
      try (LuceneStore writer = LuceneStore.open(dir)) {
        writer.set("a", value(1));
        writer.set("a", value(2));
      }
      // the writer's process crashed after renaming its newest commit point and before fsyncing it
      tear(newestCommitPoint(dir), how);

      assertThat(reader.get("a")).contains(value(1));
      assertThat(reader.keys("")).isEqualTo(List.of("a"));
    }
  }

  @Test
  void aWriterOfAnotherProcessMeetingATornCommitPointWritesOverTheCommitBeforeIt() throws IOException {
    Path dir = tmp.resolve("ledger");
    try (LuceneStore survivor = LuceneStore.open(dir)) {
      try (LuceneStore crashed = LuceneStore.open(dir)) {
        crashed.set("a", value(1));
        crashed.set("a", value(2));
      }
      tear(newestCommitPoint(dir), "half");

      // the survivor's first act is a write: its writer opens on the commit before the torn one
      survivor.mutate(Scope.keys("a", "b"), current -> Outcome.write(
          Map.of("a", current.get("a"), "b", value(3)), null));
      assertThat(survivor.get("a")).contains(value(1));
    }
    try (LuceneStore reopened = LuceneStore.open(dir)) {
      assertThat(reopened.keys("")).containsExactly("a", "b");
      assertThat(reopened.get("a")).contains(value(1));
    }
  }

  @Test
  void aStoreOfTheLayoutBeforeTheJournalOpensAndGoesOnInTheJournal() throws IOException {
    Path dir = tmp.resolve("ledger");
    try (LuceneStore store = LuceneStore.open(dir)) {
      store.set("a", value(1));
      store.set("b", value(2));
    }
    OldLayout.convert(dir);
    assertThat(dir.resolve(CommitPointJournalDirectory.FILE)).doesNotExist();

    try (LuceneStore store = LuceneStore.open(dir)) {
      assertThat(store.keys("")).containsExactly("a", "b");
      store.set("c", value(3));
      assertThat(store.get("b")).contains(value(2));
    }
    assertThat(dir.resolve(CommitPointJournalDirectory.FILE)).exists();
    try (LuceneStore store = LuceneStore.open(dir)) {
      assertThat(store.keys("")).containsExactly("a", "b", "c");
    }
  }

  /** The newest commit's record half written when the machine crashed: the store opens the commit before it. */
  @Test
  void aTornNewestRecordIsNotThereAndTheStoreOpensTheCommitBeforeIt() throws IOException {
    Path dir = tmp.resolve("ledger");
    try (LuceneStore store = LuceneStore.open(dir)) {
      store.set("a", value(1));
      store.set("b", value(1));
      store.set("a", value(2));
    }
    Path file = dir.resolve(CommitPointJournalDirectory.FILE);
    byte[] bytes = Files.readAllBytes(file);
    ByteBuffer buffer = ByteBuffer.wrap(bytes);
    int at = JournalFormat.HEADER;
    int lastPut = -1;
    int lastPutEnd = -1;
    while (buffer.getInt(at) == JournalFormat.RECORD_MAGIC) {
      int end = at + JournalFormat.RECORD_OVERHEAD + buffer.getInt(at + 25) + buffer.getInt(at + 29);
      if (bytes[at + 24] == JournalFormat.PUT) {
        lastPut = at;
        lastPutEnd = end;
      }
      at = end;
    }
    Arrays.fill(bytes, (lastPut + lastPutEnd) / 2, at, (byte) 0);
    Files.write(file, bytes);

    try (LuceneStore store = LuceneStore.open(dir)) {
      assertThat(store.get("a")).contains(value(1));
      assertThat(store.keys("")).containsExactly("a", "b");
      store.set("c", value(3));
    }
    try (LuceneStore store = LuceneStore.open(dir)) {
      assertThat(store.keys("")).containsExactly("a", "b", "c");
      assertThat(store.get("a")).contains(value(1));
    }
  }
}
