package dev.weft.index.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.weft.context.store.TextQuery;
import dev.weft.context.testing.AsNobody;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A store on a read-only index (docs/ledger.md, "Reading a read-only store"): every read answers, including a
 * ranking read whose prefix the last commit's log still holds, and nothing is written; a write is refused as
 * read-only. Run as nobody over files without write permission, as on a read-only mount (root ignores chmod).
 */
class LuceneStoreReadOnlyTest {
  @TempDir
  Path tmp;

  @Test
  void everyReadOfAStoreItMayNotWriteAnswersAndWritesNothing() throws Exception {
    assumeTrue(AsNobody.available(), "needs root and setpriv to run a child as nobody");
    Path dir = tmp.resolve("store");
    try (LuceneStore store = LuceneStore.open(dir)) {
      store.set("k/gone", text("refund policy, old"));
      store.set("k/kept", text("refund policy, kept"));
      // the search folds: both are documents now
      assertThat(store.search(new TextQuery("k/", "refund", 10)).hits()).hasSize(2);
      // left in the last commit's log: a read-only search must see them without folding on disk
      store.delete("k/gone");
      store.set("k/logged", text("refunds within thirty days"));
    }
    AsNobody nobody = AsNobody.in(tmp);
    AsNobody.readOnly(dir);
    List<String> before = AsNobody.snapshot(dir);

    AsNobody.Run run = nobody.run(Map.of(), ReadOnlyStoreChild.class.getName(), dir.toString());

    assertThat(run.exit()).as(run.err()).isZero();
    List<String> lines = run.out().lines().toList();
    assertThat(lines).hasSize(6).startsWith(
        "get gone false",
        "get logged refunds within thirty days",
        "keys [k/kept, k/logged]",
        "search [k/kept, k/logged]",
        "mutate read [k/kept, k/logged]");
    assertThat(lines.get(5)).startsWith("write refused: cannot write the store " + dir + ": its write lock cannot "
        + "be taken (").endsWith("so the store is read-only (a read-only mount, or no write permission); nothing "
        + "was written — make " + dir + " writable, then retry");
    assertThat(AsNobody.snapshot(dir)).isEqualTo(before);
  }

  private static ObjectNode text(String text) {
    return JsonNodeFactory.instance.objectNode().put("text", text);
  }
}
