package dev.weft.transforms.chunk;

import java.util.List;

class JavaScriptChunkerContractTest extends ChunkerContractTest {
  @Override
  protected Chunker chunker() {
    return new JavaScriptChunker();
  }

  @Override
  protected String format() {
    return "javascript";
  }

  @Override
  protected List<String> samples() {
    return List.of(JavaScriptChunkerTest.COUNTER);
  }

  @Override
  protected boolean coversEveryLine() {
    return false; // a type's closing bracket lies outside every declaration chunk
  }
}
