package dev.weft.models.hash;

import dev.weft.context.embed.EmbedderIdentity;
import dev.weft.models.embed.QueryEmbedder;
import dev.weft.models.embed.Vectors;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import org.apache.commons.codec.digest.MurmurHash3;

/**
 * Signed feature hashing of character trigrams. The text is lower-cased and split on whitespace; each word is
 * padded with a space on both sides (so {@code "cat"} gives {@code " ca"}, {@code "cat"}, {@code "at "} and word
 * starts and ends count); each trigram adds +1 or -1 (a second hash picks the sign, so collisions cancel instead
 * of piling up) to the bucket {@code murmur3(trigram) mod dims} (murmur3 x86 32-bit over the trigram's UTF-8
 * bytes, as Lucene's {@code StringHelper} computed it when this was written); the sum is L2-normalised.
 *
 * <p>A blank text has no trigrams and gives the zero vector. So can, very rarely and mostly at tiny dims, a text
 * whose signed trigrams cancel exactly; every other vector has unit length. Thread-safe and stateless.
 */
public final class HashEmbedder implements QueryEmbedder {
  // Fixed seeds: they are part of the model "hash-trigram-v1"; changing them changes every vector.
  private static final int BUCKET_SEED = 0x5eed_0001;
  private static final int SIGN_SEED = 0x5eed_0002;

  private final EmbedderIdentity identity;
  private final int dims;

  public HashEmbedder(int dims) {
    this.identity = new HashEmbedderSpec(dims).identity();
    this.dims = dims;
  }

  @Override
  public EmbedderIdentity identity() {
    return identity;
  }

  @Override
  public List<float[]> embed(List<String> texts) {
    // no model to batch for: one batch, embedded text by text
    return Vectors.embedNonBlank(texts, dims, Integer.MAX_VALUE, batch -> batch.stream().map(this::embedOne).toList());
  }

  float[] embedOne(String text) {
    float[] vector = new float[dims];
    if (Vectors.isBlank(text)) {
      return vector;
    }
    for (String word : text.toLowerCase(Locale.ROOT).strip().split("\\s+")) {
      int[] cps = (" " + word + " ").codePoints().toArray();
      for (int i = 0; i + 3 <= cps.length; i++) {
        byte[] trigram = new String(cps, i, 3).getBytes(StandardCharsets.UTF_8);
        int bucket = Math.floorMod(MurmurHash3.hash32x86(trigram, 0, trigram.length, BUCKET_SEED), dims);
        boolean negative = (MurmurHash3.hash32x86(trigram, 0, trigram.length, SIGN_SEED) & 1) == 1;
        vector[bucket] += negative ? -1f : 1f;
      }
    }
    return Vectors.normalizeInPlace(vector);
  }

  @Override
  public String toString() {
    return "HashEmbedder[" + identity + "]";
  }
}
