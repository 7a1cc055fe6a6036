package dev.weft.transforms.chunk;

import java.util.List;

class PythonChunkerContractTest extends ChunkerContractTest {
  @Override
  protected Chunker chunker() {
    return new PythonChunker();
  }

  @Override
  protected String format() {
    return "python";
  }

  @Override
  protected List<String> samples() {
    return List.of(PythonChunkerTest.MODULE);
  }

  @Override
  protected boolean coversEveryLine() {
    return false; // a type's closing bracket lies outside every declaration chunk
  }
}
