package dev.weft.index.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.time.Duration;
import java.util.Collections;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.lucene.analysis.standard.StandardAnalyzer;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.StringField;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.store.ByteBuffersDirectory;
import org.apache.lucene.store.FilterDirectory;
import org.apache.lucene.store.IOContext;
import org.apache.lucene.store.IndexOutput;
import org.junit.jupiter.api.Test;

class SyncOnceDirectoryTest {
  /** Records what reaches the real directory's sync. */
  private static class Recording extends FilterDirectory {
    final List<String> synced = Collections.synchronizedList(new ArrayList<>());
    final AtomicInteger directorySyncs = new AtomicInteger();

    @Override
    public void syncMetaData() throws IOException {
      directorySyncs.incrementAndGet();
      super.syncMetaData();
    }

    Recording() {
      super(new ByteBuffersDirectory());
    }

    @Override
    public void sync(Collection<String> names) throws IOException {
      synced.addAll(names);
      super.sync(names);
    }
  }

  private static void write(SyncOnceDirectory directory, String name) throws IOException {
    try (IndexOutput out = directory.createOutput(name, IOContext.DEFAULT)) {
      out.writeByte((byte) 1);
    }
  }

  @Test
  void aFileIsSyncedOnceUntilItIsCreatedAgain() throws IOException {
    Recording real = new Recording();
    try (SyncOnceDirectory directory = new SyncOnceDirectory(real)) {
      write(directory, "_0.cfs");
      write(directory, "_0.si");
      directory.sync(Set.of("_0.cfs", "_0.si"));
      directory.awaitSynced();
      write(directory, "_1.cfs");
      directory.sync(Set.of("_0.cfs", "_0.si", "_1.cfs"));
      directory.awaitSynced();
      assertThat(real.synced).containsExactlyInAnyOrder("_0.cfs", "_0.si", "_1.cfs");

      // deleted and written again under the same name (a rolled-back writer's name reused): synced again
      directory.deleteFile("_1.cfs");
      write(directory, "_1.cfs");
      directory.sync(Set.of("_0.cfs", "_1.cfs"));
      directory.awaitSynced();
      assertThat(real.synced).containsExactlyInAnyOrder("_0.cfs", "_0.si", "_1.cfs", "_1.cfs");
    }
  }

  @Test
  void aRenamedSyncedFileStaysSyncedAndARenameOverASyncedNameDoesNot() throws IOException {
    Recording real = new Recording();
    try (SyncOnceDirectory directory = new SyncOnceDirectory(real)) {
      write(directory, "_0.cfs");
      directory.sync(Set.of("_0.cfs"));
      directory.rename("_0.cfs", "_0x.cfs");
      directory.sync(Set.of("_0x.cfs"));
      write(directory, "other");
      directory.rename("other", "_1x.cfs");
      directory.sync(Set.of("_1x.cfs"));
      directory.awaitSynced();

      assertThat(real.synced).containsExactly("_0.cfs", "_1x.cfs");
    }
  }

  /** Lucene asks to sync pending_segments_N before renaming it; it is fsynced once renamed, beside the directory. */
  @Test
  void theCommitPointIsFsyncedAfterItsRenameUnderItsNewName() throws IOException {
    Recording real = new Recording();
    try (SyncOnceDirectory directory = new SyncOnceDirectory(real)) {
      write(directory, "pending_segments_2");
      directory.sync(Set.of("pending_segments_2"));
      directory.awaitSynced();
      assertThat(real.synced).isEmpty();

      directory.rename("pending_segments_2", "segments_2");
      directory.syncMetaData();
      directory.awaitSynced();

      assertThat(real.synced).containsExactly("segments_2");
      // the first directory fsync of a directory: the commit point's rename itself changes no entry (it is a
      // record of the journal below, CommitPointJournalDirectory)
      assertThat(real.directorySyncs.get()).isEqualTo(1);
      // synced once: not again
      directory.sync(Set.of("segments_2"));
      directory.awaitSynced();
      assertThat(real.synced).containsExactly("segments_2");
    }
  }

  @Test
  void aCommitOfOnlyItsCommitPointFsyncsNoDirectory() throws IOException {
    Recording real = new Recording();
    try (SyncOnceDirectory directory = new SyncOnceDirectory(real);
        IndexWriter writer = new IndexWriter(directory, new IndexWriterConfig(new StandardAnalyzer()))) {
      Document doc = new Document();
      doc.add(new StringField("key", "a", Field.Store.YES));
      writer.addDocument(doc);
      writer.commit();
      directory.awaitSynced();
      // a new segment's files were created: the directory is fsynced before the commit point (its rename is a
      // journal record, CommitPointJournalDirectory: no fsync after it)
      assertThat(real.directorySyncs.getAndSet(0)).isEqualTo(1);

      writer.setLiveCommitData(Map.of("weft.store.log", "{}").entrySet());
      writer.commit();
      directory.awaitSynced();

      // its commit point's rename appends a record to the journal below (CommitPointJournalDirectory): no
      // directory entry changed, so the directory is not fsynced at all
      assertThat(real.directorySyncs.get()).isZero();
      assertThat(DirectoryReader.listCommits(directory).get(0).getUserData()).containsEntry("weft.store.log", "{}");
    }
  }

  @Test
  void aCommitPointWhoseFsyncFailsAfterItsRenameIsRemoved() throws IOException {
    Recording real = new Recording() {
      @Override
      public void sync(Collection<String> names) throws IOException {
        if (names.contains("segments_3")) {
          throw new IOException("Input/output error");
        }
        super.sync(names);
      }
    };
    try (SyncOnceDirectory directory = new SyncOnceDirectory(real)) {
      write(directory, "segments_2");
      write(directory, "pending_segments_3");
      directory.sync(Set.of("pending_segments_3"));
      directory.rename("pending_segments_3", "segments_3");
      directory.syncMetaData();

      assertThatThrownBy(directory::awaitSynced).hasMessageContaining("cannot fsync segments_3");
      // never acknowledged: the commit before it is the newest again
      assertThat(real.listAll()).contains("segments_2").doesNotContain("segments_3", "pending_segments_3");
    }
  }

  @Test
  void aFailedDirectoryFsyncIsDoneAgainByTheNextCommit() throws IOException {
    AtomicBoolean failing = new AtomicBoolean(true);
    Recording real = new Recording() {
      @Override
      public void syncMetaData() throws IOException {
        super.syncMetaData();
        if (failing.getAndSet(false)) {
          throw new IOException("disk said no");
        }
      }
    };
    try (SyncOnceDirectory directory = new SyncOnceDirectory(real)) {
      write(directory, "_0.cfs");
      directory.syncMetaData();
      assertThatThrownBy(directory::awaitSynced).hasMessageContaining("cannot fsync the directory");
      directory.syncMetaData();
      directory.awaitSynced();

      assertThat(real.directorySyncs.get()).isEqualTo(2);
    }
  }

  /** A directory whose fsync of each file waits until all of {@code parties} files are being fsynced at once. */
  private static final class Rendezvous extends FilterDirectory {
    final CountDownLatch together;
    final List<String> alone = Collections.synchronizedList(new ArrayList<>());

    Rendezvous(int parties) {
      super(new ByteBuffersDirectory());
      together = new CountDownLatch(parties);
    }

    @Override
    public void sync(Collection<String> names) throws IOException {
      for (String name : names) {
        together.countDown();
        try {
          // one after another, the first would wait here for the others forever: bounded, it records that
          if (!together.await(30, TimeUnit.SECONDS)) {
            alone.add(name);
          }
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          throw new InterruptedIOException();
        }
      }
    }
  }

  @Test
  void theFilesOfOneSyncAreFsyncedAtOnce() throws IOException {
    Rendezvous real = new Rendezvous(4);
    try (SyncOnceDirectory directory = new SyncOnceDirectory(real)) {
      for (String name : List.of("_0.si", "_0.cfs", "_0.cfe", "_1_1.liv")) {
        write(directory, name);
      }
      directory.sync(List.of("_0.si", "_0.cfs", "_0.cfe", "_1_1.liv"));
      directory.awaitSynced();

      assertThat(real.alone).isEmpty();
      assertThat(real.together.getCount()).isZero();
    }
  }

  @Test
  void aFailedFsyncFailsTheSyncNamingItsFileWhileEveryOtherFileIsStillSyncedAndItIsRetriedNextTime()
      throws IOException {
    Recording real = new Recording() {
      boolean failed;

      @Override
      public synchronized void sync(Collection<String> names) throws IOException {
        if (names.contains("_0.cfs") && !failed) {
          failed = true;
          throw new IOException("Input/output error");
        }
        super.sync(names);
      }
    };
    try (SyncOnceDirectory directory = new SyncOnceDirectory(real)) {
      for (String name : List.of("_0.si", "_0.cfs", "_0.cfe")) {
        write(directory, name);
      }
      directory.sync(List.of("_0.si", "_0.cfs", "_0.cfe"));
      assertThatThrownBy(directory::awaitSynced)
          .isInstanceOf(IOException.class)
          .hasMessageContaining("_0.cfs")
          .hasMessageContaining("Input/output error");
      assertThat(real.synced).containsExactlyInAnyOrder("_0.si", "_0.cfe");

      directory.sync(List.of("_0.si", "_0.cfs", "_0.cfe"));
      directory.awaitSynced();
      assertThat(real.synced).containsExactlyInAnyOrder("_0.si", "_0.cfe", "_0.cfs");
    }
  }

  @Test
  void anFsyncThatDoesNotReturnFailsTheSyncAtTheDeadlineNamingItsFile() throws IOException {
    CountDownLatch never = new CountDownLatch(1);
    Recording real = new Recording() {
      @Override
      public void sync(Collection<String> names) throws IOException {
        if (names.contains("_0.cfs")) {
          try {
            never.await();
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
          }
        }
        super.sync(names);
      }
    };
    try (SyncOnceDirectory directory = new SyncOnceDirectory(real, 4, Duration.ofMillis(50))) {
      // Only the hanging file is synced: a second, healthy fsync could itself miss the short deadline on a loaded
      // machine and be the one named (it was, at load 30).
      write(directory, "_0.cfs");
      directory.sync(List.of("_0.cfs"));
      assertThatThrownBy(directory::awaitSynced)
          .isInstanceOf(IOException.class)
          .hasMessageContaining("the fsync of _0.cfs did not finish within");
    } finally {
      never.countDown();
    }
  }

  /** The commit point waits for every fsync started before it, and does not happen when one failed. */
  @Test
  void aRenameWaitsForTheStartedFsyncsAndIsNotDoneWhenOneFailed() throws IOException {
    Recording real = new Recording() {
      @Override
      public synchronized void sync(Collection<String> names) throws IOException {
        if (names.contains("_0.cfs")) {
          throw new IOException("No space left on device");
        }
        super.sync(names);
      }
    };
    try (SyncOnceDirectory directory = new SyncOnceDirectory(real)) {
      write(directory, "_0.cfs");
      write(directory, "pending_segments_1");
      directory.sync(List.of("_0.cfs"));
      directory.syncMetaData();
      directory.sync(List.of("pending_segments_1"));

      assertThatThrownBy(() -> directory.rename("pending_segments_1", "segments_1"))
          .isInstanceOf(IOException.class)
          .hasMessageContaining("_0.cfs")
          .hasMessageContaining("No space left on device");
      assertThat(real.listAll()).contains("pending_segments_1").doesNotContain("segments_1");
      // the commit point is fsynced only once renamed
      assertThat(real.synced).isEmpty();
    }
  }
}
