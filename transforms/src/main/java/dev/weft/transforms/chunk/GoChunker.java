package dev.weft.transforms.chunk;

import org.treesitter.TSLanguage;
import org.treesitter.TSNode;
import org.treesitter.TreeSitterGo;

/**
 * Go by tree-sitter: {@code function}, {@code method} (with a receiver), and type declarations as
 * {@code interface} or {@code type} (structs and every other type). A grouped {@code type ( ... )} is a
 * {@code type} container (symbol null) whose specs get their own chunks. Doc comments directly above attach.
 * Parsed from the file's outline ({@link OutlineText#go}): no block's contents are read, so none is parsed.
 */
public final class GoChunker extends TreeSitterChunker {
  private static final long serialVersionUID = 1L;

  public GoChunker() {
    this(DEFAULT_MAX_CHARS);
  }

  /** @param maxChars cap for packing long preambles and the fallback */
  public GoChunker(int maxChars) {
    super(maxChars);
  }

  @Override
  TSLanguage language() {
    return new TreeSitterGo();
  }

  /** Only the top level and grouped type specs are read: every top-level block is emptied before the parse. */
  @Override
  String outline(String text) {
    return OutlineText.go(text);
  }

  @Override
  Found classify(TSNode node, String scope) {
    switch (node.getType()) {
      case "function_declaration":
        return new Found("function", field(node, "name"), null);
      case "method_declaration":
        return new Found("method", field(node, "name"), null);
      case "type_declaration":
        return typeDeclaration(node);
      case "type_spec":
      case "type_alias":
        return new Found(specKind(node), field(node, "name"), null);
      default:
        return null;
    }
  }

  private static Found typeDeclaration(TSNode node) {
    TSNode only = null;
    int specs = 0;
    for (int i = 0; i < node.getNamedChildCount(); i++) {
      TSNode child = node.getNamedChild(i);
      if (child.getType().equals("type_spec") || child.getType().equals("type_alias")) {
        only = child;
        specs++;
      }
    }
    if (specs == 1) {
      return new Found(specKind(only), field(only, "name"), null);
    }
    return new Found("type", null, node);
  }

  private static String specKind(TSNode spec) {
    TSNode type = field(spec, "type");
    return type != null && type.getType().equals("interface_type") ? "interface" : "type";
  }
}
