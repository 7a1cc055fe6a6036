package dev.weft.models.onnx;

import dev.weft.context.embed.EmbedderIdentity;
import dev.weft.context.embed.EmbeddingException;
import dev.weft.models.embed.QueryEmbedder;
import dev.weft.models.embed.Vectors;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * An in-process ONNX model (see {@link OnnxModel}) on the calling thread. Cheap to create: the model itself is
 * loaded once per JVM and shared (see {@link LoadedOnnxModel}). Texts longer than the model's limit are cut after
 * the last whole word that fits and counted in {@link #truncated()}; blank texts are zero vectors. Every other
 * vector has unit length.
 *
 * <p>A batch's texts are tokenized together and handed to {@link PaddedBatches}, which sorts them by length and
 * runs sub-batches of at most {@link LoadedOnnxModel#MAX_PADDED_TOKENS} padded tokens: by default 1, every text in
 * its own session call, which measured as fast here and keeps each vector independent of its batch-mates.
 */
public final class OnnxEmbedder implements QueryEmbedder {
  private final OnnxModel model;
  private final EmbedderIdentity identity;
  private final LoadedOnnxModel loaded;
  private long truncated;

  /**
   * @throws dev.weft.context.error.WeftException naming the missing artifact when the model's jar, onnxruntime or
   *     the tokenizer library is not on the class path
   */
  public OnnxEmbedder(OnnxModel model) {
    ModelClassPath.check(model, OnnxEmbedder.class.getClassLoader());
    this.model = model;
    this.identity = model.identity();
    this.loaded = LoadedOnnxModel.get(model);
  }

  @Override
  public EmbedderIdentity identity() {
    return identity;
  }

  @Override
  public List<float[]> embed(List<String> texts) {
    long[] cut = {0};
    // the caller's batch is one model batch: PaddedBatches, not this, splits it by padded length
    List<float[]> vectors = Vectors.embedNonBlank(texts, identity.dims(), Integer.MAX_VALUE, batch -> {
      List<long[]> sequences = new ArrayList<>(batch.size());
      for (String text : batch) {
        LoadedOnnxModel.Tokens tokens = loaded.tokens(text);
        if (tokens.truncated()) {
          cut[0]++;
        }
        sequences.add(tokens.ids());
      }
      return Arrays.asList(run(sequences));
    });
    // Counted only once the batch succeeded, so a retried batch is not counted twice.
    truncated += cut[0];
    return vectors;
  }

  /** The query vector: for BGE the query follows the model's retrieval instruction; for MiniLM it is plain. */
  @Override
  public float[] embedQuery(String query) {
    if (Vectors.isBlank(query)) {
      return new float[identity.dims()];
    }
    return embed(List.of(model.queryInstruction() + query)).get(0);
  }

  @Override
  public long truncated() {
    return truncated;
  }

  private float[][] run(List<long[]> sequences) {
    try {
      return loaded.embed(sequences);
    } catch (Exception e) { // OrtException, named nowhere here: this class must load without onnxruntime
      throw new EmbeddingException(
          "ONNX model " + identity + " failed on a batch of " + sequences.size() + " texts: " + e, e);
    }
  }

  @Override
  public String toString() {
    return "OnnxEmbedder[" + identity + "]";
  }
}
