package dev.weft.models.onnx;

class MiniLmEmbedderTest extends OnnxEmbedderContract {
  @Override
  OnnxModel model() {
    return OnnxModel.MINILM_L6_V2_Q;
  }
}
