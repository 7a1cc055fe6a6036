package dev.weft.index.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FSDirectory;
import org.apache.lucene.store.FilterDirectory;
import org.apache.lucene.store.IOContext;
import org.apache.lucene.store.IndexInput;
import org.apache.lucene.store.IndexOutput;
import org.apache.lucene.store.Lock;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The commit-point journal as a Lucene directory: records for commit points, real files for the rest. */
class CommitPointJournalDirectoryTest {
  @TempDir Path tmp;

  private static final class Crash extends IOException {
    Crash(String step) {
      super("crashed at " + step);
    }
  }

  private CommitPointJournalDirectory journal(Directory in, long size, CommitPointJournalDirectory.Steps steps) {
    return new CommitPointJournalDirectory(in, tmp, size, Duration.ofSeconds(60), steps);
  }

  private CommitPointJournalDirectory journal() throws IOException {
    return journal(FSDirectory.open(tmp), CommitPointJournalDirectory.SIZE, CommitPointJournalDirectory.Steps.NONE);
  }

  private static void write(Directory directory, String name, String text) throws IOException {
    try (IndexOutput out = directory.createOutput(name, IOContext.DEFAULT)) {
      byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
      out.writeBytes(bytes, bytes.length);
    }
  }

  /** Publishes commit point {@code generation} as Lucene does: pending file, sync, rename, sync. */
  private static void publish(Directory directory, int generation, String text) throws IOException {
    write(directory, "pending_segments_" + generation, text);
    directory.sync(Set.of("pending_segments_" + generation));
    directory.rename("pending_segments_" + generation, "segments_" + generation);
    directory.sync(Set.of("segments_" + generation));
  }

  private static String read(Directory directory, String name) throws IOException {
    try (IndexInput in = directory.openInput(name, IOContext.READONCE)) {
      byte[] bytes = new byte[(int) in.length()];
      in.readBytes(bytes, 0, bytes.length);
      return new String(bytes, StandardCharsets.UTF_8);
    }
  }

  @Test
  void commitPointsAreRecordsOtherProcessesSeeAndTheJournalFileIsNoIndexFile() throws IOException {
    try (CommitPointJournalDirectory writer = journal(); CommitPointJournalDirectory other = journal()) {
      write(writer, "_0.cfs", "segment");
      writer.sync(Set.of("_0.cfs"));
      publish(writer, 1, "first");
      publish(writer, 2, "second!");

      assertThat(Files.exists(tmp.resolve("segments_1"))).isFalse();
      assertThat(Files.exists(tmp.resolve(CommitPointJournalDirectory.FILE))).isTrue();
      for (Directory each : List.of(writer, other)) {
        assertThat(each.listAll()).containsExactly("_0.cfs", "segments_1", "segments_2");
        assertThat(read(each, "segments_2")).isEqualTo("second!");
        assertThat(each.fileLength("segments_1")).isEqualTo(5);
      }

      writer.deleteFile("segments_1");
      assertThat(writer.listAll()).containsExactly("_0.cfs", "segments_2");
      // a delete is written with the next record (or before a real file goes, or when the write lock is released)
      assertThat(other.listAll()).containsExactly("_0.cfs", "segments_1", "segments_2");
      publish(writer, 3, "third");
      assertThat(other.listAll()).containsExactly("_0.cfs", "segments_2", "segments_3");
      assertThatThrownBy(() -> other.openInput("segments_1", IOContext.READONCE))
          .isInstanceOf(java.nio.file.NoSuchFileException.class);
    }
    try (CommitPointJournalDirectory reopened = journal()) {
      assertThat(reopened.listAll()).containsExactly("_0.cfs", "segments_2", "segments_3");
    }
  }

  @Test
  void aPendingCommitPointIsSeenOnlyByItsOwnProcessUntilItsRename() throws IOException {
    try (CommitPointJournalDirectory writer = journal(); CommitPointJournalDirectory other = journal()) {
      write(writer, "pending_segments_1", "pending");
      assertThat(writer.listAll()).containsExactly("pending_segments_1");
      assertThat(other.listAll()).isEmpty();
      writer.deleteFile("pending_segments_1");
      assertThat(writer.listAll()).isEmpty();
    }
  }

  /** A crash mid-append: the torn record, and what follows it, is not there; the next append writes over it. */
  @Test
  void aTornLastRecordIsNotThereAndTheNextAppendReplacesIt() throws IOException {
    try (CommitPointJournalDirectory writer = journal()) {
      publish(writer, 1, "one");
      publish(writer, 2, "two");
    }
    long end = Files.size(tmp.resolve(CommitPointJournalDirectory.FILE));
    byte[] bytes = Files.readAllBytes(tmp.resolve(CommitPointJournalDirectory.FILE));
    int last = lastRecordEnd(bytes);
    // the last record's final bytes never reached the disk
    Arrays.fill(bytes, last - 6, last, (byte) 0);
    Files.write(tmp.resolve(CommitPointJournalDirectory.FILE), bytes);
    assertThat(Files.size(tmp.resolve(CommitPointJournalDirectory.FILE))).isEqualTo(end);

    try (CommitPointJournalDirectory reopened = journal()) {
      assertThat(reopened.listAll()).containsExactly("segments_1");
      publish(reopened, 2, "2");
    }
    try (CommitPointJournalDirectory reopened = journal()) {
      assertThat(reopened.listAll()).containsExactly("segments_1", "segments_2");
      assertThat(read(reopened, "segments_2")).isEqualTo("2");
    }
  }

  /**
   * The page cache wrote a later record back and lost an earlier one; the next writer's record, over the lost one,
   * ends exactly where it did: the stale record after it has the right salt and sequence and is still not read.
   */
  @Test
  void aStaleRecordAfterARewrittenOneOfTheSameLengthIsNotRead() throws IOException {
    try (CommitPointJournalDirectory writer = journal()) {
      publish(writer, 1, "one");
      publish(writer, 2, "two");
      publish(writer, 3, "three");
    }
    Path file = tmp.resolve(CommitPointJournalDirectory.FILE);
    byte[] bytes = Files.readAllBytes(file);
    int firstEnd = recordEnd(bytes, JournalFormat.HEADER);
    int secondEnd = recordEnd(bytes, firstEnd);
    // segments_2's record lost, segments_3's durable
    Arrays.fill(bytes, firstEnd, secondEnd, (byte) 0);
    Files.write(file, bytes);

    try (CommitPointJournalDirectory reopened = journal()) {
      assertThat(reopened.listAll()).containsExactly("segments_1");
      // same name, same length, other bytes: the record ends where the lost one did
      publish(reopened, 2, "TWO");
    }
    assertThat(recordEnd(Files.readAllBytes(file), firstEnd)).isEqualTo(secondEnd);
    try (CommitPointJournalDirectory reopened = journal()) {
      assertThat(reopened.listAll()).containsExactly("segments_1", "segments_2");
    }
  }

  private static int recordEnd(byte[] bytes, int at) {
    java.nio.ByteBuffer buffer = java.nio.ByteBuffer.wrap(bytes);
    return at + JournalFormat.RECORD_OVERHEAD + buffer.getInt(at + 25) + buffer.getInt(at + 29);
  }

  private static int lastRecordEnd(byte[] bytes) {
    int at = JournalFormat.HEADER;
    int last = at;
    while (java.nio.ByteBuffer.wrap(bytes).getInt(at) == JournalFormat.RECORD_MAGIC) {
      last = recordEnd(bytes, at);
      at = last;
    }
    return last;
  }

  /** A commit point's delete is forced before a file only it named is unlinked. */
  @Test
  void aRealFileIsDeletedOnlyOnceTheDeleteOfTheCommitPointNamingItIsDurable() throws IOException {
    List<String> events = Collections.synchronizedList(new ArrayList<>());
    Directory disk = new FilterDirectory(FSDirectory.open(tmp)) {
      @Override
      public void deleteFile(String name) throws IOException {
        events.add("unlink " + name);
        super.deleteFile(name);
      }
    };
    try (CommitPointJournalDirectory writer = journal(disk, CommitPointJournalDirectory.SIZE, events::add)) {
      write(writer, "_0.cfs", "segment");
      write(writer, "_9.tmp", "temporary");
      publish(writer, 1, "names _0");
      publish(writer, 2, "names nothing");
      events.clear();

      writer.deleteFile("segments_1");
      writer.deleteFile("_0.cfs");
      writer.deleteFile("_9.tmp");

      assertThat(events).containsExactly("forced", "unlink _0.cfs", "unlink _9.tmp");
    }
  }

  @Test
  void aFullJournalIsCompactedAndAReaderOpenedBeforeFollowsIt() throws IOException {
    try (CommitPointJournalDirectory writer = journal(FSDirectory.open(tmp), 4096,
        CommitPointJournalDirectory.Steps.NONE);
        CommitPointJournalDirectory reader = journal()) {
      String big = "x".repeat(300);
      for (int generation = 1; generation <= 40; generation++) {
        publish(writer, generation, generation + big);
        if (generation > 2) {
          writer.deleteFile("segments_" + (generation - 2));
        }
        // the delete of generation - 2 is written with the next commit point
        List<String> expected = new ArrayList<>();
        for (int kept = Math.max(1, generation - 2); kept <= generation; kept++) {
          expected.add("segments_" + kept);
        }
        assertThat(reader.listAll()).containsExactlyInAnyOrderElementsOf(expected);
      }
      assertThat(Files.size(tmp.resolve(CommitPointJournalDirectory.FILE))).isEqualTo(4096);
      assertThat(read(reader, "segments_40")).startsWith("40x");
    }
  }

  @Test
  void aCompactionInterruptedBeforeOrAfterItsRenameReopensToTheSameCommitPoints() throws IOException {
    for (String step : List.of("written", "renamed")) {
      Path dir = Files.createDirectories(tmp.resolve(step));
      boolean[] armed = {false};
      CommitPointJournalDirectory.Steps crash = reached -> {
        if (armed[0] && reached.equals(step)) {
          throw new Crash(step);
        }
      };
      CommitPointJournalDirectory writer = new CommitPointJournalDirectory(FSDirectory.open(dir), dir, 4096,
          Duration.ofSeconds(60), crash);
      String big = "y".repeat(900);
      int generation = 0;
      while (generation < 2) {
        generation++;
        publish(writer, generation, generation + big);
        if (generation > 1) {
          writer.deleteFile("segments_" + (generation - 1));
        }
      }
      armed[0] = true;
      int failedAt = -1;
      for (int next = generation + 1; next < generation + 20 && failedAt < 0; next++) {
        try {
          publish(writer, next, next + big);
          writer.deleteFile("segments_" + (next - 1));
        } catch (Crash e) {
          failedAt = next;
        }
      }
      assertThat(failedAt).as("a compaction was reached").isPositive();
      // the crashed process is gone: its directory is dropped, not closed cleanly
      try (CommitPointJournalDirectory reopened = new CommitPointJournalDirectory(FSDirectory.open(dir), dir)) {
        // before the rename the old journal, after it the compacted one: the same live commit point
        assertThat(reopened.listAll()).as(step).containsExactly("segments_" + (failedAt - 1));
        publish(reopened, failedAt, "after");
        assertThat(read(reopened, "segments_" + failedAt)).isEqualTo("after");
      }
      writer.close();
    }
  }

  @Test
  void aStoreWithoutAJournalKeepsItsRealCommitPointsAndStartsTheJournalAtItsNextPublish() throws IOException {
    Files.writeString(tmp.resolve("segments_3"), "old layout");
    Files.writeString(tmp.resolve("_0.cfs"), "segment");
    try (CommitPointJournalDirectory writer = journal()) {
      assertThat(writer.listAll()).containsExactly("_0.cfs", "segments_3");
      assertThat(read(writer, "segments_3")).isEqualTo("old layout");
      publish(writer, 4, "journalled");
      writer.deleteFile("segments_3");
      assertThat(writer.listAll()).containsExactly("_0.cfs", "segments_4");
    }
    assertThat(Files.exists(tmp.resolve("segments_3"))).isFalse();
    try (CommitPointJournalDirectory reopened = journal()) {
      assertThat(reopened.listAll()).containsExactly("_0.cfs", "segments_4");
    }
  }

  /** Only the write-lock holder appends: a delete not yet written is written before the lock is released. */
  @Test
  void releasingTheWriteLockWritesTheDeletesNotYetWritten() throws IOException {
    try (CommitPointJournalDirectory writer = journal(); CommitPointJournalDirectory other = journal()) {
      Lock lock = writer.obtainLock(IndexWriter.WRITE_LOCK_NAME);
      publish(writer, 1, "one");
      publish(writer, 2, "two");
      writer.deleteFile("segments_1");
      assertThat(other.listAll()).containsExactly("segments_1", "segments_2", "write.lock");

      lock.close();

      assertThat(other.listAll()).containsExactly("segments_2", "write.lock");
    }
  }
}
