package dev.weft.transforms.chunk;

import java.util.List;

class MarkdownChunkerContractTest extends ChunkerContractTest {
  @Override
  protected Chunker chunker() {
    return new MarkdownChunker();
  }

  @Override
  protected String format() {
    return "markdown";
  }

  @Override
  protected List<String> samples() {
    return List.of(MarkdownChunkerTest.README);
  }
}
