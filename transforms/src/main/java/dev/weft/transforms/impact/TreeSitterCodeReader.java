package dev.weft.transforms.impact;

import dev.weft.transforms.chunk.TreeSitterTrees;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;
import org.treesitter.TSLanguage;
import org.treesitter.TSNode;
import org.treesitter.TreeSitterGo;
import org.treesitter.TreeSitterJavascript;
import org.treesitter.TreeSitterPython;
import org.treesitter.TreeSitterTypescript;

/**
 * Python, JavaScript, TypeScript and Go chunks by tree-sitter (the chunkers' parser). Tree-sitter reads a fragment
 * with errors rather than refusing it, so a chunk is dedented (a Python method) or wrapped in a class (a JavaScript
 * or TypeScript method, which alone reads as a call) before parsing; identifiers inside comments and strings are
 * never identifier nodes, which is what separates a confirmed reference from a mention.
 */
final class TreeSitterCodeReader implements CodeReader {
  /** The identifier node types of the four grammars. */
  private static final Set<String> IDENTIFIERS = Set.of("identifier", "property_identifier", "type_identifier",
      "field_identifier", "shorthand_property_identifier", "shorthand_property_identifier_pattern",
      "package_identifier", "private_property_identifier");
  /** Nodes whose {@code name} field is the name being declared. */
  private static final Set<String> DECLARATIONS = Set.of("function_definition", "class_definition",
      "function_declaration", "generator_function_declaration", "class_declaration", "abstract_class_declaration",
      "method_definition", "method_declaration", "method_signature", "abstract_method_signature",
      "function_signature", "interface_declaration", "type_alias_declaration", "enum_declaration", "type_spec",
      "type_alias", "variable_declarator");

  static final TreeSitterCodeReader PYTHON = new TreeSitterCodeReader(TreeSitterPython::new,
      Map.of("call", "function"), Map.of("attribute", "attribute"),
      Set.of("if_statement", "elif_clause", "for_statement", "while_statement", "except_clause",
          "conditional_expression", "boolean_operator", "if_clause", "for_in_clause", "case_clause"),
      Set.of(), Exports.UNDERSCORE, false);
  static final TreeSitterCodeReader JAVASCRIPT = new TreeSitterCodeReader(TreeSitterJavascript::new,
      Map.of("call_expression", "function", "new_expression", "constructor"), Map.of("member_expression", "property"),
      Set.of("if_statement", "for_statement", "for_in_statement", "while_statement", "do_statement", "switch_case",
          "catch_clause", "ternary_expression"),
      Set.of("&&", "||", "??"), Exports.EXPORT_KEYWORD, true);
  static final TreeSitterCodeReader TYPESCRIPT = new TreeSitterCodeReader(TreeSitterTypescript::new,
      JAVASCRIPT.calls, JAVASCRIPT.members, JAVASCRIPT.decisionTypes, JAVASCRIPT.shortCircuits,
      Exports.EXPORT_KEYWORD, true);
  static final TreeSitterCodeReader GO = new TreeSitterCodeReader(TreeSitterGo::new,
      Map.of("call_expression", "function"), Map.of("selector_expression", "field"),
      Set.of("if_statement", "for_statement", "expression_case", "type_case", "communication_case"),
      Set.of("&&", "||"), Exports.CAPITALIZED, false);

  /** How a language says a declaration is visible outside its module. */
  private enum Exports { UNDERSCORE, EXPORT_KEYWORD, CAPITALIZED }

  private final Supplier<TSLanguage> language;
  /** call node type → the field holding what is called */
  private final Map<String, String> calls;
  /** member access node type → the field holding the member's name */
  private final Map<String, String> members;
  private final Set<String> decisionTypes;
  /** operators of a {@code binary_expression} that are decision points */
  private final Set<String> shortCircuits;
  private final Exports exports;
  private final boolean wrapMethods;

  private TreeSitterCodeReader(Supplier<TSLanguage> language, Map<String, String> calls, Map<String, String> members,
      Set<String> decisionTypes, Set<String> shortCircuits, Exports exports, boolean wrapMethods) {
    this.language = language;
    this.calls = calls;
    this.members = members;
    this.decisionTypes = decisionTypes;
    this.shortCircuits = shortCircuits;
    this.exports = exports;
    this.wrapMethods = wrapMethods;
  }

  @Override
  public CodeReading read(String text, String nodeType) {
    boolean wrap = wrapMethods && "method".equals(nodeType);
    String source = wrap ? "class WeftImpactFragment {\n" + text + "\n}" : Dedent.of(text);
    byte[] bytes = source.getBytes(StandardCharsets.UTF_8);
    return TreeSitterTrees.parse(language, source, tree -> {
      TSNode root = tree.getRootNode();
      if (root.isNull()) {
        return CodeReading.unparsed();
      }
      Walk walk = new Walk(bytes, wrap ? 1 : 0);
      walk.visit(root, null, null, null);
      return new CodeReading(true, walk.uses, walk.decisions, exported(walk, root, bytes, wrap), walk.reexports);
    });
  }

  private boolean exported(Walk walk, TSNode root, byte[] bytes, boolean wrapped) {
    String declared = walk.uses.stream().filter(use -> use.use() == NameUse.Use.DECLARATION)
        .filter(use -> !use.name().equals("WeftImpactFragment")).map(NameUse::name).findFirst().orElse(null);
    return switch (exports) {
      case UNDERSCORE -> declared == null || !declared.startsWith("_");
      case CAPITALIZED -> declared == null || Character.isUpperCase(declared.codePointAt(0));
      // a method is as visible as its class, which the chunk does not show: the safe guess unless it says private
      case EXPORT_KEYWORD -> wrapped ? !walk.privateMember : walk.exportStatement || declared == null;
    };
  }

  /** One pass over a tree, collecting identifiers, decision points and re-exports. */
  private final class Walk {
    private final byte[] bytes;
    private final int shift;
    final List<NameUse> uses = new ArrayList<>();
    final List<CodeReading.Reexport> reexports = new ArrayList<>();
    int decisions;
    boolean exportStatement;
    boolean privateMember;

    Walk(byte[] bytes, int shift) {
      this.bytes = bytes;
      this.shift = shift;
    }

    /**
     * @param field the field of {@code node} in {@code parent}, or null
     * @param parentField the field of {@code parent} in its own parent, or null
     */
    void visit(TSNode node, TSNode parent, String field, String parentField) {
      String type = node.getType();
      if (IDENTIFIERS.contains(type)) {
        int line = node.getStartPoint().getRow() - shift;
        if (line >= 0) {
          uses.add(new NameUse(text(node), line, use(node, parent, field, parentField)));
        }
        if (type.equals("private_property_identifier") && "name".equals(field)) {
          privateMember = true; // a #name method
        }
      } else if (decisionTypes.contains(type) || isShortCircuit(node, type)) {
        decisions++;
      } else if (type.equals("export_statement")) {
        exportStatement = true;
        reexports(node);
      } else if (type.equals("accessibility_modifier") && text(node).equals("private")) {
        privateMember = true;
      }
      int count = node.getChildCount();
      for (int i = 0; i < count; i++) {
        visit(node.getChild(i), node, node.getFieldNameForChild(i), field);
      }
    }

    private NameUse.Use use(TSNode node, TSNode parent, String field, String parentField) {
      if (parent == null) {
        return NameUse.Use.REFERENCE;
      }
      String parentType = parent.getType();
      if (field != null && field.equals(calls.get(parentType))) {
        return NameUse.Use.CALL;
      }
      if (field != null && field.equals(members.get(parentType)) && parentField != null) {
        TSNode grand = parent.getParent();
        if (grand != null && !grand.isNull() && parentField.equals(calls.get(grand.getType()))) {
          return NameUse.Use.CALL;
        }
      }
      if ("name".equals(field) && DECLARATIONS.contains(parentType)) {
        return NameUse.Use.DECLARATION;
      }
      return NameUse.Use.REFERENCE;
    }

    private boolean isShortCircuit(TSNode node, String type) {
      if (!type.equals("binary_expression") || shortCircuits.isEmpty()) {
        return false;
      }
      TSNode operator = node.getChildByFieldName("operator");
      return operator != null && !operator.isNull() && shortCircuits.contains(operator.getType());
    }

    /** {@code export { a as b } from "m"}: every renamed specifier of an export with a source. */
    private void reexports(TSNode export) {
      TSNode source = export.getChildByFieldName("source");
      if (source == null || source.isNull()) {
        return;
      }
      for (int i = 0; i < export.getNamedChildCount(); i++) {
        TSNode clause = export.getNamedChild(i);
        if (!clause.getType().equals("export_clause")) {
          continue;
        }
        for (int j = 0; j < clause.getNamedChildCount(); j++) {
          TSNode specifier = clause.getNamedChild(j);
          TSNode name = specifier.getChildByFieldName("name");
          TSNode alias = specifier.getChildByFieldName("alias");
          if (name != null && !name.isNull() && alias != null && !alias.isNull()) {
            reexports.add(new CodeReading.Reexport(text(name), text(alias),
                specifier.getStartPoint().getRow() - shift));
          }
        }
      }
    }

    private String text(TSNode node) {
      int start = Math.max(0, Math.min(bytes.length, node.getStartByte()));
      int end = Math.max(start, Math.min(bytes.length, node.getEndByte()));
      return new String(bytes, start, end - start, StandardCharsets.UTF_8);
    }
  }
}
