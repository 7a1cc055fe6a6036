package dev.weft.models.onnx;

class BgeSmallEmbedderTest extends OnnxEmbedderContract {
  @Override
  OnnxModel model() {
    return OnnxModel.BGE_SMALL_EN_V15_Q;
  }
}
