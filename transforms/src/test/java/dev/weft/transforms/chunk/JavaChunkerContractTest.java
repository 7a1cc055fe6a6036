package dev.weft.transforms.chunk;

import java.util.List;

class JavaChunkerContractTest extends ChunkerContractTest {
  @Override
  protected Chunker chunker() {
    return new JavaChunker();
  }

  @Override
  protected String format() {
    return "java";
  }

  @Override
  protected List<String> samples() {
    return List.of(JavaChunkerTest.GREETER);
  }

  @Override
  protected boolean coversEveryLine() {
    return false; // a type's closing bracket lies outside every declaration chunk
  }
}
