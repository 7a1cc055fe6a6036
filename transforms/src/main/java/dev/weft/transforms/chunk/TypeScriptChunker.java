package dev.weft.transforms.chunk;

import org.treesitter.TSLanguage;
import org.treesitter.TSNode;
import org.treesitter.TreeSitterTypescript;

/**
 * TypeScript by tree-sitter: everything {@link JavaScriptChunker} finds, plus {@code interface}, {@code type}
 * (aliases), {@code enum}, abstract classes, overload and ambient signatures ({@code function},
 * {@code method}), and {@code namespace} for {@code namespace X {}} / {@code declare module "x" {}} whose
 * members are chunked like a file's top level.
 */
public final class TypeScriptChunker extends JavaScriptChunker {
  private static final long serialVersionUID = 1L;

  public TypeScriptChunker() {
    this(DEFAULT_MAX_CHARS);
  }

  /** @param maxChars cap for packing long module-level code and the fallback */
  public TypeScriptChunker(int maxChars) {
    super(maxChars);
  }

  @Override
  TSLanguage language() {
    return new TreeSitterTypescript();
  }

  @Override
  Found classify(TSNode node, String scope) {
    String type = node.getType();
    if ("class".equals(scope)) {
      return type.equals("method_signature") || type.equals("abstract_method_signature")
          ? new Found("method", field(node, "name"), null)
          : super.classify(node, scope);
    }
    switch (type) {
      case "abstract_class_declaration":
        return new Found("class", field(node, "name"), field(node, "body"));
      case "interface_declaration":
        return new Found("interface", field(node, "name"), null);
      case "type_alias_declaration":
        return new Found("type", field(node, "name"), null);
      case "enum_declaration":
        return new Found("enum", field(node, "name"), null);
      case "function_signature":
        return new Found("function", field(node, "name"), null);
      case "internal_module":
      case "module":
        return new Found("namespace", moduleName(field(node, "name")), field(node, "body"));
      case "ambient_declaration":
        // `declare function f(): void;`, `declare module "m" {}`, ... wrap one declaration.
        return node.getNamedChildCount() == 1 ? classify(node.getNamedChild(0), scope) : null;
      case "expression_statement": {
        // A bare `namespace X {}` parses as an expression statement around the namespace.
        TSNode inner = node.getNamedChildCount() == 1 ? node.getNamedChild(0) : null;
        return inner != null && inner.getType().equals("internal_module") ? classify(inner, scope) : null;
      }
      default:
        return super.classify(node, scope);
    }
  }

  /** {@code declare module "m"} is named by a string: the symbol is its content, without quotes. */
  private static TSNode moduleName(TSNode name) {
    if (name != null && name.getType().equals("string") && name.getNamedChildCount() == 1) {
      return name.getNamedChild(0);
    }
    return name;
  }
}
