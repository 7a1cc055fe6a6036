package dev.weft.transforms.chunk;

import java.util.List;

class ParagraphChunkerContractTest extends ChunkerContractTest {
  @Override
  protected Chunker chunker() {
    return new ParagraphChunker();
  }

  @Override
  protected String format() {
    return "text";
  }

  @Override
  protected List<String> samples() {
    return List.of("First paragraph, two\nlines of it.\n\nSecond paragraph.\n\n\nThird, after two blank lines.\n");
  }
}
