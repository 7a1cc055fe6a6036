package dev.weft.models.onnx;

import dev.weft.context.embed.EmbedderIdentity;
import dev.weft.context.embed.EmbedderSpec;
import java.util.Objects;

/** An in-process ONNX model; every embedder created from it in one JVM shares the one loaded model. */
public record OnnxEmbedderSpec(OnnxModel model) implements EmbedderSpec {
  public OnnxEmbedderSpec {
    Objects.requireNonNull(model, "model");
  }

  @Override
  public EmbedderIdentity identity() {
    return model.identity();
  }

  @Override
  public OnnxEmbedder create() {
    return new OnnxEmbedder(model);
  }
}
