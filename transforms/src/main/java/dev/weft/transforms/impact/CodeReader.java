package dev.weft.transforms.impact;

import java.util.Optional;

/** Reads one chunk of code with its language's parser. Thread-safe. */
public interface CodeReader {
  /**
   * @param text the chunk's text, a fragment of a file (a method, a class header, imports)
   * @param nodeType the chunk's nodeType, which tells a reader how to complete a fragment before parsing it
   */
  CodeReading read(String text, String nodeType);

  /** The reader of a chunk format ({@code java}, {@code python}, {@code javascript}, {@code typescript}, {@code go}). */
  static Optional<CodeReader> forFormat(String format) {
    return switch (format) {
      case "java" -> Optional.of(JavaCodeReader.INSTANCE);
      case "python" -> Optional.of(TreeSitterCodeReader.PYTHON);
      case "javascript" -> Optional.of(TreeSitterCodeReader.JAVASCRIPT);
      case "typescript" -> Optional.of(TreeSitterCodeReader.TYPESCRIPT);
      case "go" -> Optional.of(TreeSitterCodeReader.GO);
      default -> Optional.empty();
    };
  }
}
