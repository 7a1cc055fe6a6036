package dev.weft.transforms.chunk;

import dev.weft.index.analysis.AnalysisVersion;
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
  public static final String CHUNKERS_VERSION = "chunkers-2";
  /**
   * What an indexed file's chunk documents were built with, stored with each file: the chunkers' version and
   * the index's {@link AnalysisVersion}. Either changing re-chunks the file on the next incremental run (its
   * vectors are reused: the chunk texts did not change).
   */
  public static final String STAMP = CHUNKERS_VERSION + "+" + AnalysisVersion.CURRENT;

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
