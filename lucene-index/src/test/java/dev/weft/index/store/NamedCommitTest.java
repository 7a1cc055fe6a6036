package dev.weft.index.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.util.List;
import java.util.Map;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.StringField;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexCommit;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.store.ByteBuffersDirectory;
import org.apache.lucene.store.Directory;
import org.junit.jupiter.api.Test;

class NamedCommitTest {
  @Test
  void answersWhatTheCommitListedByLuceneAnswers() throws IOException {
    try (Directory directory = new ByteBuffersDirectory();
        IndexWriter writer = new IndexWriter(directory, new IndexWriterConfig())) {
      for (int i = 0; i < 2; i++) {
        Document doc = new Document();
        doc.add(new StringField("key", "k" + i, Field.Store.YES));
        writer.addDocument(doc);
        writer.setLiveCommitData(Map.of("step", String.valueOf(i)).entrySet());
        writer.commit();
      }
      List<IndexCommit> listed = DirectoryReader.listCommits(directory);
      IndexCommit newest = listed.get(listed.size() - 1);

      NamedCommit named = new NamedCommit(directory, newest.getGeneration());

      assertThat(named.getSegmentsFileName()).isEqualTo(newest.getSegmentsFileName());
      assertThat(named.getFileNames()).containsExactlyInAnyOrderElementsOf(newest.getFileNames());
      assertThat(named.getSegmentCount()).isEqualTo(newest.getSegmentCount());
      assertThat(named.getUserData()).isEqualTo(newest.getUserData()).containsEntry("step", "1");
      assertThat(named.getDirectory()).isSameAs(directory);
      assertThatThrownBy(named::delete).isInstanceOf(UnsupportedOperationException.class);
    }
  }
}
