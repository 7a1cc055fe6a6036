package dev.weft.transforms.chunk;

import org.treesitter.TSLanguage;
import org.treesitter.TSNode;
import org.treesitter.TreeSitterPython;

/**
 * Python by tree-sitter: {@code function} (top level), {@code method} (in a class), {@code class}; decorators
 * belong to the decorated definition (and docstrings are inside it already). Functions nested in functions
 * stay inside their enclosing function's chunk.
 */
public final class PythonChunker extends TreeSitterChunker {
  private static final long serialVersionUID = 1L;

  public PythonChunker() {
    this(DEFAULT_MAX_CHARS);
  }

  /** @param maxChars cap for packing long module-level code and the fallback */
  public PythonChunker(int maxChars) {
    super(maxChars);
  }

  @Override
  TSLanguage language() {
    return new TreeSitterPython();
  }

  /** Function bodies are never read: each is emptied before the parse ({@link PythonOutlineText}). */
  @Override
  String outline(String text) {
    return PythonOutlineText.of(text);
  }

  @Override
  Found classify(TSNode node, String scope) {
    switch (node.getType()) {
      case "decorated_definition": {
        TSNode inner = field(node, "definition");
        return inner == null ? null : classify(inner, scope);
      }
      case "function_definition":
        return new Found("class".equals(scope) ? "method" : "function", field(node, "name"), null);
      case "class_definition":
        return new Found("class", field(node, "name"), field(node, "body"));
      default:
        return null;
    }
  }
}
