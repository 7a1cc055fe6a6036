package dev.weft.context.ledger;

import dev.weft.context.embed.Embedder;
import dev.weft.context.embed.EmbedderIdentity;
import dev.weft.context.embed.EmbeddingException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** A deterministic bag-of-words embedder for tests: counts calls, and fails every call once told to. */
class WordEmbedder implements Embedder {
  private final EmbedderIdentity identity;
  int calls;
  int texts;
  /** Fail from this call on (1-based); 0 never. */
  int failFromCall;

  WordEmbedder(String model, int dims) {
    this.identity = new EmbedderIdentity(model, dims);
  }

  @Override
  public EmbedderIdentity identity() {
    return identity;
  }

  @Override
  public List<float[]> embed(List<String> batch) {
    calls++;
    if (failFromCall > 0 && calls >= failFromCall) {
      throw new EmbeddingException("test embedder told to fail");
    }
    texts += batch.size();
    List<float[]> out = new ArrayList<>();
    for (String text : batch) {
      float[] v = new float[identity.dims()];
      for (String word : text.toLowerCase(Locale.ROOT).split("\\W+")) {
        if (!word.isEmpty()) {
          v[Math.floorMod(word.hashCode(), v.length)] += 1;
        }
      }
      v[0] += 0.01f;
      out.add(v);
    }
    return out;
  }
}
