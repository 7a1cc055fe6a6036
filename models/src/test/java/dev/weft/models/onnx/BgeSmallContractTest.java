package dev.weft.models.onnx;

import dev.weft.context.embed.EmbedderSpec;
import dev.weft.models.embed.EmbedderContractTest;

class BgeSmallContractTest extends EmbedderContractTest {
  @Override
  protected EmbedderSpec spec() {
    return new OnnxEmbedderSpec(OnnxModel.BGE_SMALL_EN_V15_Q);
  }
}
