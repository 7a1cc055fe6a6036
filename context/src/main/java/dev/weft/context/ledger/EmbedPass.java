package dev.weft.context.ledger;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.weft.context.embed.Embedder;
import dev.weft.context.embed.EmbedderIdentity;
import dev.weft.context.embed.RecordedEmbedder;
import dev.weft.context.embed.EmbeddingException;
import dev.weft.context.ledger.LedgerKeys.Kind;
import dev.weft.context.store.Outcome;
import dev.weft.context.store.Scope;
import dev.weft.context.store.Store;
import dev.weft.context.store.StoredEmbedding;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * Gives a vector of the configured embedder to every memory and skill without one (or with another model's).
 * Each batch is embedded outside the store's lock and written in one mutate, which skips a record whose text
 * changed meanwhile (the next run embeds it); a failing batch stops the run and keeps the batches before it.
 */
final class EmbedPass {
  private final Store store;
  private final Embedder embedder;

  EmbedPass(Store store, Embedder embedder) {
    this.store = store;
    this.embedder = embedder;
  }

  EmbedReport run(int limit, int batch) {
    if (limit < 1) {
      throw new IllegalArgumentException("embedMissing limit must be at least 1, got: " + limit);
    }
    if (batch < 1) {
      throw new IllegalArgumentException("embedMissing batch must be at least 1, got: " + batch);
    }
    List<Missing> missing = missing();
    int embedded = 0;
    for (int from = 0; from < Math.min(limit, missing.size()); from += batch) {
      List<Missing> slice = missing.subList(from, Math.min(Math.min(limit, missing.size()), from + batch));
      List<float[]> vectors;
      try {
        synchronized (embedder) {
          vectors = embedder.embed(slice.stream().map(Missing::text).toList());
        }
        if (vectors.size() != slice.size()) {
          throw new EmbeddingException("the embedder answered " + vectors.size() + " vectors for "
              + slice.size() + " texts");
        }
        embedded += write(slice, vectors);
      } catch (EmbeddingException | IllegalArgumentException e) {
        return new EmbedReport(embedded, missing.size() - embedded, Optional.of(embedder.identity()
            + " failed on a batch of " + slice.size() + ": " + e.getMessage() + "; run embedMissing again"));
      }
    }
    return new EmbedReport(embedded, missing.size() - embedded, Optional.empty());
  }

  private int write(List<Missing> slice, List<float[]> vectors) {
    List<String> keys = slice.stream().map(Missing::key).toList();
    EmbedderIdentity identity = embedder.identity();
    List<String> scope = new ArrayList<>(keys);
    scope.add(LedgerKeys.CONFIG);
    return store.mutate(Scope.of(List.of(), scope), current -> {
      Map<String, JsonNode> next = new TreeMap<>(current);
      // the ledger's vectors are (or are being moved to) this model: what recall near uses when none is named
      next.put(LedgerKeys.CONFIG, RecordedEmbedder.json(identity));
      int written = 0;
      for (int i = 0; i < slice.size(); i++) {
        JsonNode now = current.get(slice.get(i).key());
        if (now == null || !slice.get(i).text().equals(text(slice.get(i).kind(), now))) {
          continue;
        }
        ObjectNode value = ((ObjectNode) now).deepCopy();
        value.set(StoredEmbedding.FIELD, new StoredEmbedding(identity, vectors.get(i)).toJson());
        next.put(slice.get(i).key(), value);
        written++;
      }
      return Outcome.write(next, written);
    });
  }

  /** Records lacking a vector of this embedder, memories first, each kind in address order. */
  private List<Missing> missing() {
    List<Missing> missing = new ArrayList<>();
    for (Kind kind : List.of(Kind.MEMORY, Kind.SKILL)) {
      Map<String, JsonNode> records =
          store.mutate(Scope.prefix(kind.prefix()), current -> Outcome.read(new TreeMap<>(current)));
      records.forEach((key, value) -> {
        Optional<StoredEmbedding> stored = StoredEmbedding.of(value);
        if (stored.isEmpty() || !EmbedderIdentity.sameIdentity(stored.get().identity(), embedder.identity())) {
          missing.add(new Missing(kind, key, text(kind, value)));
        }
      });
    }
    return missing;
  }

  static String text(Kind kind, JsonNode value) {
    return kind == Kind.SKILL ? Records.skillText(value) : value.path("text").asText();
  }

  private record Missing(Kind kind, String key, String text) {}
}
