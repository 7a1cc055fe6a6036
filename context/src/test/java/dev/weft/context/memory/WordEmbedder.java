package dev.weft.context.memory;

import dev.weft.context.embed.Embedder;
import dev.weft.context.embed.EmbedderIdentity;
import dev.weft.context.embed.EmbeddingException;
import java.util.ArrayList;
import java.util.List;

/** A deterministic test embedder: each folded word adds 1 to one of 32 dims; texts containing "FAIL" fail. */
final class WordEmbedder implements Embedder {
  private final EmbedderIdentity identity;
  int calls;

  WordEmbedder(String model) {
    this.identity = new EmbedderIdentity(model, 32);
  }

  @Override
  public EmbedderIdentity identity() {
    return identity;
  }

  @Override
  public List<float[]> embed(List<String> texts) {
    calls++;
    List<float[]> vectors = new ArrayList<>();
    for (String text : texts) {
      if (text.contains("FAIL")) {
        throw new EmbeddingException("model refused the text");
      }
      float[] v = new float[32];
      v[0] = 0.01f;
      for (String word : WordStore.words(text)) {
        v[Math.floorMod(word.hashCode(), 32)] += 1;
      }
      vectors.add(v);
    }
    return vectors;
  }
}
