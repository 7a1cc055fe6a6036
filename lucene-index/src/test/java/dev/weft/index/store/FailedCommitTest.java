package dev.weft.index.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.weft.context.error.StorageFailureException;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Collection;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.lucene.store.FilterDirectory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A commit whose fsync fails while the writer is kept: the write is refused, reads never show what it staged (the
 * kept writer's searcher is refreshed only after a commit), and the next write commits as if nothing happened.
 */
class FailedCommitTest {
  @TempDir Path tmp;

  private static ObjectNode value(String text) {
    return JsonNodeFactory.instance.objectNode().put("text", text);
  }

  @Test
  void aWriteWhoseFsyncFailsIsRefusedSeenByNoReadAndPoisonsNoLaterWrite() {
    AtomicBoolean diskFails = new AtomicBoolean();
    try (LuceneStore store = LuceneStore.open(tmp.resolve("ledger"), LuceneStoreOptions.defaults(),
        in -> new FilterDirectory(in) {
          @Override
          public void sync(Collection<String> names) throws IOException {
            if (diskFails.get()) {
              throw new IOException("Input/output error");
            }
            super.sync(names);
          }
        })) {
      store.set("a", value("1"));

      diskFails.set(true);
      assertThatThrownBy(() -> store.set("b", value("2")))
          .isInstanceOf(StorageFailureException.class)
          .hasMessageContaining("none of them was acknowledged")
          .hasMessageContaining("Input/output error");
      assertThat(store.get("b")).isEmpty();
      assertThat(store.keys("")).containsExactly("a");
      // another process reads the journal: the refused commit was deleted there too (written when the writer,
      // rolled back, released its lock)
      try (LuceneStore other = LuceneStore.open(tmp.resolve("ledger"))) {
        assertThat(other.get("b")).isEmpty();
      }

      diskFails.set(false);
      store.set("c", value("3"));
      assertThat(store.keys("")).containsExactly("a", "c");
    }
  }
}
