package dev.weft.transforms.chunk;

import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * The chunking strategy for each format, and the stamp that names the chunking code's version.
 *
 * <p>Chunkers are stateless and thread-safe, so one shared instance per format serves every thread and
 * both executors (in-process and Beam), and the program environment's {@code chunk} step.
 */
public final class Chunkers {
  /**
   * Version of the chunk boundaries every chunker here produces, stored with each indexed file: bump it
   * whenever any chunker's boundaries, nodeTypes or symbols change, so the next incremental run re-chunks.
   */
  public static final String STAMP = "chunkers-1";

  private static final Chunker PARAGRAPHS = new ParagraphChunker();

  private static final Map<String, Chunker> BY_FORMAT = Map.of(
      "java", new JavaChunker(),
      "python", new PythonChunker(),
      "javascript", new JavaScriptChunker(),
      "typescript", new TypeScriptChunker(),
      "go", new GoChunker(),
      "markdown", new MarkdownChunker(),
      "rst", new RstChunker());

  private Chunkers() {}

  /**
   * The chunker for {@code format} ({@code java python javascript typescript go markdown rst}, any case);
   * the paragraph packer for {@code text} and every other format.
   */
  public static Chunker forFormat(String format) {
    Objects.requireNonNull(format, "format");
    return BY_FORMAT.getOrDefault(format.toLowerCase(Locale.ROOT), PARAGRAPHS);
  }
}
