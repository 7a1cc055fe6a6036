package dev.weft.transforms.chunk;

import dev.weft.transforms.chunk.Outline.Decl;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.treesitter.TSNode;
import org.treesitter.TSPoint;
import org.treesitter.TreeSitterJava;

/**
 * The declarations of a Java file read from a tree-sitter-java tree: the same {@link Decl}s, with the same
 * comment attachment, as {@link JavaChunker}'s JavaParser reading, for a fraction of its cost (tree-sitter
 * builds no AST objects; JavaParser's tokenizer alone was ~1.7 ms of a file). Only the nodes the chunks need
 * are visited: the top level, type bodies and the comments among their members. (Indexed child access walks the
 * children from the first in C, which costs less than the JNI crossing of each step of a cursor; and the runtime built
 * here binds only the node and parser calls.)
 *
 * <p>The tree is parsed from the file's outline ({@link OutlineText}: member-level bodies emptied, every line
 * and column kept), as the bodies are never visited; {@code OutlineTextTest} holds the declarations to those of
 * the whole text. Answers null when that tree has any ERROR or MISSING node; the caller then asks JavaParser, so a
 * file tree-sitter-java's grammar does not read (old code using {@code enum} as a name, syntax newer than the
 * grammar) is chunked as before.
 */
final class JavaSyntaxTree {
  private JavaSyntaxTree() {}

  /**
   * The top-level type declarations of {@code lines}, their members nested, or null when it does not parse: read
   * from the file's outline ({@link OutlineText}: bodies emptied), so a syntax error inside a body no longer
   * sends the file to JavaParser.
   */
  static List<Decl> decls(Lines lines) {
    return decls(lines, OutlineText.java(lines.withNewlines()));
  }

  /** The declarations of {@code parsed} (the text of {@code lines}, or its outline), or null when it has an error. */
  static List<Decl> decls(Lines lines, String parsed) {
    return TreeSitterTrees.parse(TreeSitterJava::new, parsed, tree -> {
      TSNode root = tree.getRootNode();
      if (root.isNull() || root.hasError()) {
        return null;
      }
      return members(root, true, lines, 0);
    });
  }

  /**
   * The declarations among {@code body}'s children: types everywhere, methods and constructors inside a type
   * (at the top level only types count, as in {@code CompilationUnit.getTypes()}).
   */
  private static List<Decl> members(TSNode body, boolean topLevel, Lines lines, int depth) {
    List<TSNode> declarations = new ArrayList<>();
    Map<Integer, Integer> commentStartByEnd = new HashMap<>();
    int n = body.getNamedChildCount();
    for (int i = 0; i < n; i++) {
      TSNode child = body.getNamedChild(i);
      String type = child.getType();
      if (type.equals("line_comment") || type.equals("block_comment")) {
        TSPoint begin = child.getStartPoint();
        int line = begin.getRow();
        if (line < lines.count() && JavaComments.startsItsLine(lines, line, lines.charColumn(line,
            begin.getColumn()))) {
          commentStartByEnd.merge(endLine(child, line, lines), line, Math::min);
        }
      } else if (typeKind(type) != null || (!topLevel && memberKind(type) != null)) {
        declarations.add(child);
      }
    }
    List<Decl> out = new ArrayList<>(declarations.size());
    for (TSNode node : declarations) {
      String type = node.getType();
      String kind = typeKind(type);
      List<Decl> members = List.of();
      if (kind != null && depth < Outline.MAX_DEPTH) {
        TSNode memberBody = memberBody(node, type);
        members = memberBody == null ? List.of() : members(memberBody, false, lines, depth + 1);
      }
      add(kind != null ? kind : memberKind(type), node, members, lines, commentStartByEnd, out);
    }
    return out;
  }

  private static void add(String nodeType, TSNode node, List<Decl> members, Lines lines,
      Map<Integer, Integer> comments, List<Decl> into) {
    int start = node.getStartPoint().getRow();
    if (start >= lines.count()) {
      return;
    }
    int end = endLine(node, start, lines);
    String symbol = TreeSitterChunker.text(TreeSitterChunker.field(node, "name"), lines);
    into.add(new Decl(nodeType, symbol, JavaComments.attachedStart(start, comments), end, members));
  }

  /** The node whose children are a type's members; an enum's sit after its constants, in a node of their own. */
  private static TSNode memberBody(TSNode type, String nodeType) {
    TSNode body = TreeSitterChunker.field(type, "body");
    if (body == null || !nodeType.equals("enum_declaration")) {
      return body;
    }
    for (int i = body.getNamedChildCount() - 1; i >= 0; i--) { // after the constants: look from the end
      TSNode child = body.getNamedChild(i);
      if (child.getType().equals("enum_body_declarations")) {
        return child;
      }
    }
    return null;
  }

  /** A node that ends at column 0 ends with the previous line's terminator: that line is its last. */
  private static int endLine(TSNode node, int start, Lines lines) {
    TSPoint end = node.getEndPoint();
    int row = end.getColumn() == 0 && end.getRow() > start ? end.getRow() - 1 : end.getRow();
    return Math.max(start, Math.min(row, lines.count() - 1));
  }

  /** The chunk nodeType of a type declaration node, or null. */
  private static String typeKind(String type) {
    return switch (type) {
      case "class_declaration" -> "class";
      case "interface_declaration" -> "interface";
      case "enum_declaration" -> "enum";
      case "record_declaration" -> "record";
      case "annotation_type_declaration" -> "annotation";
      default -> null;
    };
  }

  /** The chunk nodeType of a member that is not a type (methods and constructors), or null. */
  private static String memberKind(String type) {
    return switch (type) {
      case "method_declaration" -> "method";
      case "constructor_declaration", "compact_constructor_declaration" -> "constructor";
      default -> null;
    };
  }
}
