package dev.weft.models.onnx;

import dev.langchain4j.model.embedding.onnx.AbstractInProcessEmbeddingModel;
import dev.langchain4j.model.embedding.onnx.allminilml6v2q.AllMiniLmL6V2QuantizedEmbeddingModel;
import dev.langchain4j.model.embedding.onnx.bgesmallenv15q.BgeSmallEnV15QuantizedEmbeddingModel;
import java.util.concurrent.Executor;

/**
 * langchain4j's own packaged model classes, the reference Weft's vectors are checked against and the benchmark's raw
 * baseline. Never used on the embedding path, and kept out of {@link OnnxModel}: a class naming them cannot even be
 * loaded when the optional model jars are absent.
 */
public final class Langchain4jModels {
  private Langchain4jModels() {}

  /**
   * A langchain4j model running each call on {@code executor}. The ONNX session itself is a static of the
   * langchain4j class, loaded once per JVM on first use whatever the number of instances.
   */
  public static AbstractInProcessEmbeddingModel of(OnnxModel model, Executor executor) {
    return switch (model) {
      case MINILM_L6_V2_Q -> new AllMiniLmL6V2QuantizedEmbeddingModel(executor);
      case BGE_SMALL_EN_V15_Q -> new BgeSmallEnV15QuantizedEmbeddingModel(executor);
    };
  }
}
