package dev.weft.transforms.embed;

class BgeSmallEmbedderTest extends OnnxEmbedderContract {
  @Override
  OnnxModel model() {
    return OnnxModel.BGE_SMALL_EN_V15_Q;
  }
}
