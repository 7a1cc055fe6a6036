package dev.weft.index.store;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.StoredField;
import org.apache.lucene.document.StringField;
import org.apache.lucene.document.TextField;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.Term;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FSDirectory;
import org.apache.lucene.store.FilterDirectory;
import org.apache.lucene.store.IOContext;
import org.apache.lucene.store.IndexOutput;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class WriteCacheDirectoryTest {
  @TempDir Path tmp;

  /** Records the files created and deleted on disk. */
  private static final class Counting extends FilterDirectory {
    final List<String> created = Collections.synchronizedList(new ArrayList<>());
    final List<String> deleted = Collections.synchronizedList(new ArrayList<>());

    Counting(Directory in) {
      super(in);
    }

    @Override
    public IndexOutput createOutput(String name, IOContext context) throws IOException {
      created.add(name);
      return super.createOutput(name, context);
    }

    @Override
    public IndexOutput createTempOutput(String prefix, String suffix, IOContext context) throws IOException {
      IndexOutput out = super.createTempOutput(prefix, suffix, context);
      created.add(out.getName());
      return out;
    }

    @Override
    public void deleteFile(String name) throws IOException {
      deleted.add(name);
      super.deleteFile(name);
    }
  }

  private static Document document(String key, String text) {
    Document doc = new Document();
    doc.add(new StringField("key", key, Field.Store.NO));
    doc.add(new StoredField("value", text));
    doc.add(new TextField("text", text, Field.Store.NO));
    return doc;
  }

  /**
   * One small commit creates on disk only what it names — the new segment's compound files and the commit file —
   * instead of the twenty-odd codec and temporary files a flush writes and then deletes.
   */
  @Test
  void aSmallCommitWritesToDiskOnlyTheFilesItNames() throws IOException {
    Counting disk = new Counting(FSDirectory.open(tmp));
    try (WriteCacheDirectory directory = new WriteCacheDirectory(disk);
        IndexWriter writer = new IndexWriter(directory, new IndexWriterConfig())) {
      writer.commit();
      disk.created.clear();
      disk.deleted.clear();

      writer.updateDocument(new Term("key", "a"), document("a", "the refund window is thirty days"));
      writer.commit();

      assertThat(disk.created).allMatch(name -> name.matches("_\\d+\\.(si|cfs|cfe)|pending_segments_\\d+"))
          .hasSize(4);
      assertThat(disk.deleted).allMatch(name -> name.startsWith("segments_"));
      try (DirectoryReader reader = DirectoryReader.open(FSDirectory.open(tmp))) {
        assertThat(reader.numDocs()).isEqualTo(1);
      }
    }
  }

  @Test
  void aFileStaysInMemoryUntilSyncedAndCommitFilesGoStraightToDisk() throws IOException {
    Counting disk = new Counting(FSDirectory.open(tmp));
    try (WriteCacheDirectory directory = new WriteCacheDirectory(disk)) {
      try (IndexOutput out = directory.createOutput("_0.fdt", IOContext.DEFAULT)) {
        out.writeByte((byte) 1);
      }
      try (IndexOutput out = directory.createOutput("pending_segments_2", IOContext.DEFAULT)) {
        out.writeByte((byte) 2);
      }
      assertThat(disk.created).containsExactly("pending_segments_2");
      assertThat(directory.listAll()).contains("_0.fdt", "pending_segments_2");

      directory.sync(List.of("_0.fdt"));

      assertThat(disk.created).containsExactly("pending_segments_2", "_0.fdt");
      assertThat(directory.listCachedFiles()).isEmpty();
    }
  }
}
