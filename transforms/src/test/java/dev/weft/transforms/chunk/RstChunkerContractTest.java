package dev.weft.transforms.chunk;

import java.util.List;

class RstChunkerContractTest extends ChunkerContractTest {
  @Override
  protected Chunker chunker() {
    return new RstChunker();
  }

  @Override
  protected String format() {
    return "rst";
  }

  @Override
  protected List<String> samples() {
    return List.of(RstChunkerTest.GUIDE);
  }
}
