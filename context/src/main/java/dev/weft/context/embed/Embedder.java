package dev.weft.context.embed;

import java.util.List;

/**
 * Turns a batch of texts into vectors. Implementations: in-process ONNX models, an OpenAI-compatible HTTP
 * endpoint, and a deterministic hash embedder for tests. Not required to be thread-safe; one per thread (or
 * per Beam DoFn instance), created from a serializable {@link EmbedderSpec}.
 */
public interface Embedder extends AutoCloseable {
  /** The identity every vector of this embedder carries. */
  EmbedderIdentity identity();

  /**
   * Vectors for {@code texts}, in the same order, each of {@link EmbedderIdentity#dims()} floats.
   *
   * @throws EmbeddingException when the batch could not be embedded (after any retries)
   */
  List<float[]> embed(List<String> texts);

  /** Texts that were cut to the model's input limit since this embedder was created. */
  default long truncated() {
    return 0;
  }

  @Override
  default void close() {}
}
