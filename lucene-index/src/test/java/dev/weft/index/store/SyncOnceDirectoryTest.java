package dev.weft.index.store;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Set;
import org.apache.lucene.store.ByteBuffersDirectory;
import org.apache.lucene.store.FilterDirectory;
import org.apache.lucene.store.IOContext;
import org.apache.lucene.store.IndexOutput;
import org.junit.jupiter.api.Test;

class SyncOnceDirectoryTest {
  /** Records what reaches the real directory's sync. */
  private static final class Recording extends FilterDirectory {
    final List<String> synced = new ArrayList<>();

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
      write(directory, "_1.cfs");
      directory.sync(Set.of("_0.cfs", "_0.si", "_1.cfs"));
      assertThat(real.synced).containsExactlyInAnyOrder("_0.cfs", "_0.si", "_1.cfs");

      // deleted and written again under the same name (a rolled-back writer's name reused): synced again
      directory.deleteFile("_1.cfs");
      write(directory, "_1.cfs");
      directory.sync(Set.of("_0.cfs", "_1.cfs"));
      assertThat(real.synced).containsExactlyInAnyOrder("_0.cfs", "_0.si", "_1.cfs", "_1.cfs");
    }
  }

  @Test
  void aRenamedSyncedFileStaysSyncedAndARenameOverASyncedNameDoesNot() throws IOException {
    Recording real = new Recording();
    try (SyncOnceDirectory directory = new SyncOnceDirectory(real)) {
      write(directory, "pending_segments_2");
      directory.sync(Set.of("pending_segments_2"));
      directory.rename("pending_segments_2", "segments_2");
      directory.sync(Set.of("segments_2"));
      write(directory, "other");
      directory.rename("other", "segments_2x");
      directory.sync(Set.of("segments_2x"));

      assertThat(real.synced).containsExactly("pending_segments_2", "segments_2x");
    }
  }
}
