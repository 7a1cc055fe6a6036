package dev.weft.transforms.chunk;

import java.util.List;

class TypeScriptChunkerContractTest extends ChunkerContractTest {
  @Override
  protected Chunker chunker() {
    return new TypeScriptChunker();
  }

  @Override
  protected String format() {
    return "typescript";
  }

  @Override
  protected List<String> samples() {
    return List.of(TypeScriptChunkerTest.SHAPES);
  }

  @Override
  protected boolean coversEveryLine() {
    return false; // a type's closing bracket lies outside every declaration chunk
  }
}
