package dev.weft.transforms.chunk;

import static dev.weft.transforms.chunk.ChunkContract.chunkChecked;
import static dev.weft.transforms.chunk.ChunkContract.doc;
import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.context.Chunk;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** No chunker hands on a chunk over the limit: long lines and long declarations are cut in one place. */
class OversizeChunksTest {
  private static final int MAX = OversizeSplitter.MAX_CHUNK_CHARS;

  @Test
  void aOneLineFileOfAMegabyteBecomesChunksAtWordBoundariesThatTogetherAreTheLine() {
    String line = "lorem ipsum dolor sit amet ".repeat(40_000).strip(); // ~1 MB, one line
    String text = "# Title\n\n" + line + "\n\nafter\n";

    List<Chunk> chunks = chunkChecked(Chunkers.forFormat("text"), doc("big.txt", "text", text));

    List<Chunk> parts = chunks.stream().filter(c -> c.startLine() == 2).toList();
    assertThat(parts).hasSizeGreaterThan(line.length() / MAX);
    assertThat(parts.stream().map(Chunk::text).collect(Collectors.joining())).isEqualTo(line);
    assertThat(parts).allSatisfy(c -> {
      assertThat(c.text().length()).isLessThanOrEqualTo(MAX);
      assertThat(c.text()).doesNotStartWith(" ").matches("(?s).*\\S ?");
    });
    assertThat(chunks.get(0).text()).isEqualTo("# Title");
    assertThat(chunks.get(chunks.size() - 1).text()).isEqualTo("after");
    assertThat(chunks).extracting(Chunk::id)
        .isEqualTo(chunkChecked(Chunkers.forFormat("text"), doc("big.txt", "text", text)).stream()
            .map(Chunk::id).toList());
  }

  @Test
  void aLineWithoutWhitespaceIsCutAtTheLimitNeverInsideASurrogatePair() {
    String line = "a".repeat(MAX - 1) + "\uD83D\uDE00" + "b".repeat(MAX * 2); // an emoji straddles the first cut

    List<Chunk> chunks = chunkChecked(Chunkers.forFormat("javascript"), doc("min.js", "javascript", line));

    assertThat(chunks).extracting(c -> c.text().length()).containsExactly(MAX - 1, MAX, MAX, 2);
    assertThat(chunks.get(1).text()).startsWith("\uD83D\uDE00");
    assertThat(chunks.stream().map(Chunk::text).collect(Collectors.joining())).isEqualTo(line);
  }

  @Test
  void aMethodLongerThanTheLimitIsCutAtLineBoundariesKeepingItsSymbol() {
    StringBuilder body = new StringBuilder("class A {\n  void big() {\n");
    for (int i = 0; i < 400; i++) {
      body.append("    int v").append(i).append(" = compute(").append(i).append(");\n");
    }
    body.append("  }\n}\n");

    List<Chunk> chunks = chunkChecked(Chunkers.forFormat("java"), doc("A.java", "java", body.toString()));

    List<Chunk> big = chunks.stream().filter(c -> "big".equals(c.symbol())).toList();
    assertThat(big).hasSizeGreaterThan(1).allSatisfy(c -> assertThat(c.nodeType()).isEqualTo("method"));
    assertThat(big.get(0).startLine()).isEqualTo(1);
    assertThat(big.get(big.size() - 1).endLine()).isEqualTo(402);
    for (int i = 1; i < big.size(); i++) {
      assertThat(big.get(i).startLine()).isEqualTo(big.get(i - 1).endLine() + 1);
    }
  }

  @Test
  void chunksWithinTheLimitAreUntouched() {
    String text = "para one\n\n" + "word ".repeat(700).strip() + "\n";

    assertThat(ChunkContract.rows(chunkChecked(Chunkers.forFormat("text"), doc("t.txt", "text", text))))
        .containsExactly("paragraphs null 0-0", "paragraphs null 2-2");
  }
}
