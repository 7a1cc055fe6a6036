package dev.weft.models.hash;

import dev.weft.context.embed.EmbedderSpec;
import dev.weft.models.embed.EmbedderContractTest;

class HashEmbedderContractTest extends EmbedderContractTest {
  @Override
  protected EmbedderSpec spec() {
    return new HashEmbedderSpec(256);
  }

  @Override
  protected double tolerance() {
    return 0;
  }
}
