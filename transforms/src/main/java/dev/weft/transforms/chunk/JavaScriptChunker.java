package dev.weft.transforms.chunk;

import org.treesitter.TSLanguage;
import org.treesitter.TSNode;
import org.treesitter.TreeSitterJavascript;

/**
 * JavaScript by tree-sitter (JSX included): {@code function} (declarations, generators, and
 * {@code const name = () => ...} / {@code = function ...} which take the variable's name), {@code class}
 * (declarations and {@code const Name = class ...}), {@code method} (class members). {@code export} wraps
 * are transparent; anonymous default exports have a null symbol.
 */
public class JavaScriptChunker extends TreeSitterChunker {
  private static final long serialVersionUID = 1L;

  public JavaScriptChunker() {
    this(DEFAULT_MAX_CHARS);
  }

  /** @param maxChars cap for packing long module-level code and the fallback */
  public JavaScriptChunker(int maxChars) {
    super(maxChars);
  }

  @Override
  TSLanguage language() {
    return new TreeSitterJavascript();
  }

  @Override
  Found classify(TSNode node, String scope) {
    String type = node.getType();
    if ("class".equals(scope)) {
      return type.equals("method_definition") ? new Found("method", field(node, "name"), null) : null;
    }
    switch (type) {
      case "export_statement": {
        TSNode inner = field(node, "declaration");
        if (inner == null) {
          inner = field(node, "value");
        }
        return inner == null ? null : classify(inner, scope);
      }
      case "function_declaration":
      case "generator_function_declaration":
      case "function_expression":
      case "function":
      case "generator_function":
      case "arrow_function":
        return new Found("function", field(node, "name"), null);
      case "class_declaration":
      case "class":
        return new Found("class", field(node, "name"), field(node, "body"));
      case "lexical_declaration":
      case "variable_declaration":
        return assigned(node);
      default:
        return null;
    }
  }

  /** {@code const name = <function or class>} with a single declarator takes the variable's name. */
  private Found assigned(TSNode declaration) {
    if (declaration.getNamedChildCount() != 1) {
      return null;
    }
    TSNode declarator = declaration.getNamedChild(0);
    TSNode name = field(declarator, "name");
    TSNode value = field(declarator, "value");
    if (name == null || value == null || !name.getType().equals("identifier")) {
      return null;
    }
    switch (value.getType()) {
      case "arrow_function":
      case "function_expression":
      case "function":
      case "generator_function":
        return new Found("function", name, null);
      case "class":
        return new Found("class", name, field(value, "body"));
      default:
        return null;
    }
  }
}
