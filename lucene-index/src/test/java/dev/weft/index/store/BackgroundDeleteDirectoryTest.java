package dev.weft.index.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.NoSuchFileException;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.apache.lucene.store.ByteBuffersDirectory;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FilterDirectory;
import org.apache.lucene.store.IOContext;
import org.apache.lucene.store.IndexInput;
import org.apache.lucene.store.IndexOutput;
import org.junit.jupiter.api.Test;

class BackgroundDeleteDirectoryTest {
  /** Deletes wait for the test to let them through; one name may be refused. */
  private static final class Gate extends FilterDirectory {
    final CountDownLatch open = new CountDownLatch(1);
    final CountDownLatch deleting = new CountDownLatch(1);
    volatile String refused = "";
    /** The one name whose delete waits for the gate; null: every name. */
    volatile String held;

    Gate() {
      super(new ByteBuffersDirectory());
    }

    @Override
    public void deleteFile(String name) throws IOException {
      if (held == null || held.equals(name)) {
        deleting.countDown();
        try {
          // bounded: a delete done in the caller's thread would wait here and then fail the test, not hang it
          open.await(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
      }
      if (name.equals(refused)) {
        throw new IOException("Permission denied");
      }
      super.deleteFile(name);
    }
  }

  private static void write(Directory directory, String name, int b) throws IOException {
    try (IndexOutput out = directory.createOutput(name, IOContext.DEFAULT)) {
      out.writeByte((byte) b);
    }
  }

  private static int read(Directory directory, String name) throws IOException {
    try (IndexInput in = directory.openInput(name, IOContext.DEFAULT)) {
      return in.readByte();
    }
  }

  @Test
  void aDeferredDeleteReturnsAtOnceAndTheFileIsGoneForLuceneUntilItIsGoneOnDisk() throws Exception {
    Gate gate = new Gate();
    try (BackgroundDeleteDirectory directory = new BackgroundDeleteDirectory(gate)) {
      write(directory, "_0.cfs", 1);
      write(directory, "_0.si", 2);
      directory.deferDeletes();

      directory.deleteFile("_0.cfs");

      assertThat(gate.open.getCount()).as("the delete returned before the disk deleted").isEqualTo(1);
      assertThat(directory.listAll()).containsExactly("_0.si");
      assertThat(directory.getPendingDeletions()).contains("_0.cfs");
      assertThatThrownBy(() -> directory.openInput("_0.cfs", IOContext.DEFAULT))
          .isInstanceOf(NoSuchFileException.class);
      assertThatThrownBy(() -> directory.deleteFile("_0.cfs")).isInstanceOf(NoSuchFileException.class);

      gate.open.countDown();
      directory.deleteNow();
      assertThat(gate.listAll()).containsExactly("_0.si");
    }
  }

  @Test
  void writingAQueuedNameCancelsItsDeleteSoTheNewFileSurvives() throws Exception {
    Gate gate = new Gate();
    gate.held = "_1.liv";
    try (BackgroundDeleteDirectory directory = new BackgroundDeleteDirectory(gate)) {
      write(directory, "_1.liv", 1);
      write(directory, "_2.liv", 1);
      directory.deferDeletes();
      directory.deleteFile("_1.liv");
      assertThat(gate.deleting.await(10, TimeUnit.SECONDS)).isTrue();
      // the worker is held deleting _1.liv: _2.liv waits in the queue
      directory.deleteFile("_2.liv");

      write(directory, "_2.liv", 7);
      assertThat(gate.open.getCount()).as("written while the worker was still held").isEqualTo(1);
      gate.open.countDown();
      directory.deleteNow();

      assertThat(gate.listAll()).containsExactly("_2.liv");
      assertThat(read(directory, "_2.liv")).isEqualTo(7);
    }
  }

  @Test
  void aFailedBackgroundDeleteIsReportedByDeleteNowNamingTheFile() throws Exception {
    Gate gate = new Gate();
    gate.refused = "_3.cfs";
    gate.open.countDown();
    try (BackgroundDeleteDirectory directory = new BackgroundDeleteDirectory(gate)) {
      write(directory, "_3.cfs", 1);
      directory.deferDeletes();
      directory.deleteFile("_3.cfs");

      assertThatThrownBy(directory::deleteNow)
          .isInstanceOf(IOException.class)
          .hasMessageContaining("_3.cfs")
          .hasMessageContaining("Permission denied");
      // reported once; deletes are done in the caller's thread again
      directory.deleteNow();
      write(directory, "_4.cfs", 1);
      directory.deleteFile("_4.cfs");
      assertThat(gate.listAll()).containsExactlyInAnyOrder("_3.cfs");
      assertThat(directory.getPendingDeletions()).isEqualTo(Set.of());
    }
  }
}
