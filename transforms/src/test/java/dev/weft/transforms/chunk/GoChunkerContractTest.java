package dev.weft.transforms.chunk;

import java.util.List;

class GoChunkerContractTest extends ChunkerContractTest {
  @Override
  protected Chunker chunker() {
    return new GoChunker();
  }

  @Override
  protected String format() {
    return "go";
  }

  @Override
  protected List<String> samples() {
    return List.of(GoChunkerTest.GEO);
  }

  @Override
  protected boolean coversEveryLine() {
    return false; // a type's closing bracket lies outside every declaration chunk
  }
}
