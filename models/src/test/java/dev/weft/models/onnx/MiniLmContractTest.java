package dev.weft.models.onnx;

import dev.weft.context.embed.EmbedderSpec;
import dev.weft.models.embed.EmbedderContractTest;

class MiniLmContractTest extends EmbedderContractTest {
  @Override
  protected EmbedderSpec spec() {
    return new OnnxEmbedderSpec(OnnxModel.MINILM_L6_V2_Q);
  }
}
