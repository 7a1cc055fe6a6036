package dev.weft.index.store;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dev.weft.context.error.ReadOnlyStoreException;
import dev.weft.context.store.Outcome;
import dev.weft.context.store.RankedKey;
import dev.weft.context.store.Scope;
import dev.weft.context.store.TextQuery;
import java.nio.file.Path;
import java.util.List;

/**
 * {@link LuceneStoreReadOnlyTest}'s child, run as nobody over a store it may not write: one line per read, then
 * what a write does.
 */
public final class ReadOnlyStoreChild {
  private ReadOnlyStoreChild() {}

  public static void main(String[] args) {
    try (LuceneStore store = LuceneStore.open(Path.of(args[0]))) {
      System.out.println("get gone " + store.get("k/gone").isPresent());
      System.out.println("get logged " + store.get("k/logged").map(v -> v.get("text").textValue()).orElse("-"));
      System.out.println("keys " + store.keys("k/"));
      System.out.println("search " + store.search(new TextQuery("k/", "refund", 10)).hits().stream()
          .map(RankedKey::key).sorted().toList());
      System.out.println("mutate read " + store.mutate(Scope.prefix("k/"),
          current -> Outcome.read(List.copyOf(current.keySet()))));
      try {
        store.set("k/new", JsonNodeFactory.instance.objectNode().put("text", "refused"));
        System.out.println("write acknowledged");
      } catch (ReadOnlyStoreException e) {
        System.out.println("write refused: " + e.getMessage());
      }
    }
  }
}
