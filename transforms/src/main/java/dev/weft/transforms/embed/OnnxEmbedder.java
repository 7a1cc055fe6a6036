package dev.weft.transforms.embed;

import dev.langchain4j.data.embedding.Embedding;
import dev.langchain4j.data.segment.TextSegment;
import dev.weft.context.embed.EmbedderIdentity;
import dev.weft.context.embed.EmbeddingException;
import java.util.ArrayList;
import java.util.List;

/**
 * An in-process ONNX model (see {@link OnnxModel}) on the calling thread. Cheap to create: the model itself is
 * loaded once per JVM and shared (see {@link LoadedOnnxModel}). Texts longer than the model's limit are cut after
 * the last whole word that fits and counted in {@link #truncated()}; blank texts are zero vectors. Every other
 * vector has unit length.
 *
 * <p>langchain4j runs the model once per text (a batch of one, so there is no padding to save by sorting a batch
 * by length); a batch here is a unit of error handling, not of inference.
 */
public final class OnnxEmbedder implements QueryEmbedder {
  private final OnnxModel model;
  private final EmbedderIdentity identity;
  private final LoadedOnnxModel loaded;
  private long truncated;

  public OnnxEmbedder(OnnxModel model) {
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
    List<float[]> vectors = new ArrayList<>(texts.size());
    List<TextSegment> segments = new ArrayList<>(texts.size());
    List<Integer> positions = new ArrayList<>(texts.size());
    long cut = 0;
    for (int i = 0; i < texts.size(); i++) {
      String text = texts.get(i);
      vectors.add(new float[identity.dims()]);
      if (Vectors.isBlank(text)) {
        continue; // stays the zero vector: langchain4j refuses blank text
      }
      LoadedOnnxModel.Cut prepared = loaded.cut(text);
      if (prepared.truncated()) {
        cut++;
      }
      segments.add(TextSegment.from(prepared.text()));
      positions.add(i);
    }
    if (!segments.isEmpty()) {
      List<Embedding> embeddings = run(segments);
      for (int j = 0; j < embeddings.size(); j++) {
        vectors.set(positions.get(j), checkedVector(embeddings.get(j)));
      }
    }
    // Counted only once the batch succeeded, so a retried batch is not counted twice.
    truncated += cut;
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

  private List<Embedding> run(List<TextSegment> segments) {
    List<Embedding> embeddings;
    try {
      embeddings = loaded.embeddingModel().embedAll(segments).content();
    } catch (RuntimeException e) {
      throw new EmbeddingException(
          "ONNX model " + identity + " failed on a batch of " + segments.size() + " texts: " + e, e);
    }
    if (embeddings.size() != segments.size()) {
      throw new EmbeddingException(
          "ONNX model " + identity + " returned " + embeddings.size() + " vectors for " + segments.size()
              + " texts");
    }
    return embeddings;
  }

  private float[] checkedVector(Embedding embedding) {
    float[] vector = embedding.vector();
    if (vector.length != identity.dims()) {
      throw new EmbeddingException(
          "ONNX model " + identity + " returned a vector of " + vector.length + " dims, expected "
              + identity.dims());
    }
    return vector;
  }

  @Override
  public String toString() {
    return "OnnxEmbedder[" + identity + "]";
  }
}
