package dev.weft.index.store;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.lucene.index.IndexFileNames;
import org.apache.lucene.store.FilterDirectory;
import org.apache.lucene.store.IOContext;
import org.apache.lucene.store.IndexInput;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A read sees other processes' commits, and finds out there is none without reading the commit file. */
class ReadFreshnessTest {
  @TempDir Path tmp;

  private static ObjectNode value(String text) {
    return JsonNodeFactory.instance.objectNode().put("text", text);
  }

  @Test
  void readsCheckForANewerCommitByListingAndReadTheCommitOnlyWhenThereIsOne() {
    Path dir = tmp.resolve("ledger");
    AtomicInteger commitReads = new AtomicInteger();
    LuceneStoreOptions free = LuceneStoreOptions.defaults().withWriterIdle(Duration.ZERO);
    try (LuceneStore reader = LuceneStore.open(dir, free, in -> new FilterDirectory(in) {
      @Override
      public IndexInput openInput(String name, IOContext context) throws IOException {
        if (name.startsWith(IndexFileNames.SEGMENTS)) {
          commitReads.incrementAndGet();
        }
        return super.openInput(name, context);
      }
    });
        LuceneStore other = LuceneStore.open(dir, free)) {
      reader.set("a", value("1"));
      reader.get("a");
      commitReads.set(0);

      for (int i = 0; i < 50; i++) {
        assertThat(reader.get("a")).contains(value("1"));
      }
      assertThat(commitReads).hasValue(0);

      other.set("b", value("2"));
      assertThat(reader.get("b")).contains(value("2"));
      assertThat(commitReads.get()).isPositive();
    }
  }
}
