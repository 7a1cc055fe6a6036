package dev.weft.transforms.chunk;

import dev.weft.transforms.chunk.Outline.Decl;
import java.util.ArrayList;
import java.util.List;
import org.treesitter.TSLanguage;
import org.treesitter.TSNode;
import org.treesitter.TSPoint;

/**
 * The tree-sitter half of the code chunkers: parses, walks the top level and the bodies of containers
 * (classes, namespaces, grouped type declarations), attaches comments and decorators that sit directly above
 * a declaration, and hands the declarations to {@link Outline}. Subclasses only say which nodes are
 * declarations ({@link #classify}).
 *
 * <p>Lines come from tree-sitter rows, not byte offsets: the text is handed over with every terminator
 * rewritten to {@code \n} (tree-sitter counts rows on {@code \n} only), so a row is a line whatever the
 * encoding of the characters in it; byte columns are only converted to chars to cut a symbol out of its line.
 *
 * <p>A tree with any ERROR or MISSING node falls back to paragraph packing, like a Java syntax error (the tree of
 * what is parsed: a Go file's outline holds no block's contents, so an error inside a function body no longer
 * does). A parser is created per call: creating and freeing one costs about 1 µs against 12 µs for even a
 * one-line parse (measured here), and it keeps the chunker stateless and thread-safe with no native memory parked
 * in thread-locals.
 */
abstract class TreeSitterChunker extends StructuredChunker {
  private static final long serialVersionUID = 1L;

  /**
   * What a node declares.
   *
   * @param nodeType chunk nodeType
   * @param name the node holding the declared name, or null when anonymous
   * @param body the node whose named children are member declarations, or null for a leaf
   */
  record Found(String nodeType, TSNode name, TSNode body) {}

  TreeSitterChunker(int maxChars) {
    super(maxChars);
  }

  /** A fresh language handle (cheap: the grammar is static native data). */
  abstract TSLanguage language();

  /**
   * What {@code node} declares, or null when it is not a declaration. Wrappers (export, decorators, ambient
   * declarations) answer for the declaration they wrap; the wrapper's range is used.
   *
   * @param scope nodeType of the enclosing container, or null at the top level
   */
  abstract Found classify(TSNode node, String scope);

  /** Nodes that attach to the declaration directly below them. */
  boolean attaches(String type) {
    return type.equals("comment") || type.equals("decorator");
  }

  @Override
  final List<Span> spans(String text, Lines lines) {
    List<Decl> decls = decls(lines, outline(lines.withNewlines()));
    return decls == null ? null : Outline.layout(lines, decls, maxChars);
  }

  /**
   * The text tree-sitter parses: the file's own, or ({@link OutlineText}) the file's with the blocks this chunker
   * never reads emptied, every line and column kept.
   */
  String outline(String text) {
    return text;
  }

  /** The declarations of {@code parsed} (the text of {@code lines}, or its outline), or null when it has an error. */
  final List<Decl> decls(Lines lines, String parsed) {
    return TreeSitterTrees.parse(this::language, parsed, tree -> {
      TSNode root = tree.getRootNode();
      return root.isNull() || root.hasError() ? null : scope(root, null, lines, 0);
    });
  }

  private List<Decl> scope(TSNode parent, String scopeType, Lines lines, int depth) {
    List<Decl> out = new ArrayList<>();
    int runStart = -1; // first line of the comment/decorator run directly above, -1 when none
    int runEnd = -1;
    int prevEnd = -1; // last line of the previous non-attaching sibling
    int n = parent.getNamedChildCount();
    for (int i = 0; i < n; i++) {
      TSNode child = parent.getNamedChild(i);
      int start = startLine(child);
      int end = endLine(child, start, lines);
      if (attaches(child.getType())) {
        if (runStart >= 0 && start <= runEnd + 1) {
          runEnd = Math.max(runEnd, end);
        } else if (start > prevEnd) {
          runStart = start;
          runEnd = end;
        } else {
          runStart = -1; // a trailing comment on a code line belongs to that line
        }
        continue;
      }
      Found found = classify(child, scopeType);
      if (found != null) {
        int lead = runStart >= 0 && runEnd >= start - 1 ? Math.min(runStart, start) : start;
        List<Decl> members = found.body() != null && depth < Outline.MAX_DEPTH
            ? scope(found.body(), found.nodeType(), lines, depth + 1)
            : List.of();
        out.add(new Decl(found.nodeType(), text(found.name(), lines), lead, end, members));
      }
      prevEnd = Math.max(prevEnd, end);
      runStart = -1;
    }
    return out;
  }

  private static int startLine(TSNode node) {
    return node.getStartPoint().getRow();
  }

  /** A node that ends at column 0 ends with the previous line's terminator: that line is its last. */
  private static int endLine(TSNode node, int start, Lines lines) {
    TSPoint end = node.getEndPoint();
    int row = end.getColumn() == 0 && end.getRow() > start ? end.getRow() - 1 : end.getRow();
    return Math.max(start, Math.min(row, lines.count() - 1));
  }

  /** The source text of a one-line node (names are), or null. */
  static String text(TSNode node, Lines lines) {
    if (node == null) {
      return null;
    }
    TSPoint start = node.getStartPoint();
    TSPoint end = node.getEndPoint();
    int row = start.getRow();
    if (row >= lines.count()) {
      return null;
    }
    int from = lines.charColumn(row, start.getColumn());
    int to = end.getRow() == row ? lines.charColumn(row, end.getColumn()) : lines.length(row);
    String name = lines.line(row).substring(from, Math.max(from, to)).strip();
    return name.isEmpty() ? null : name;
  }

  /** The child in field {@code name}, or null (the binding answers absent fields with a null node). */
  static TSNode field(TSNode node, String name) {
    TSNode child = node.getChildByFieldName(name);
    return child == null || child.isNull() ? null : child;
  }
}
