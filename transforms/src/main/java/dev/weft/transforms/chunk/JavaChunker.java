package dev.weft.transforms.chunk;

import com.github.javaparser.JavaParser;
import com.github.javaparser.ParseResult;
import com.github.javaparser.ParserConfiguration;
import com.github.javaparser.ParserConfiguration.LanguageLevel;
import com.github.javaparser.Problem;
import com.github.javaparser.Range;
import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.AnnotationDeclaration;
import com.github.javaparser.ast.body.BodyDeclaration;
import com.github.javaparser.ast.body.ClassOrInterfaceDeclaration;
import com.github.javaparser.ast.body.CompactConstructorDeclaration;
import com.github.javaparser.ast.body.ConstructorDeclaration;
import com.github.javaparser.ast.body.EnumDeclaration;
import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.body.RecordDeclaration;
import com.github.javaparser.ast.body.TypeDeclaration;
import com.github.javaparser.ast.comments.Comment;
import dev.weft.transforms.chunk.Outline.Decl;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Java: one chunk per type (class, interface, enum, record, annotation), method and constructor, member types
 * included, laid out by {@link Outline} (preamble, type headers, attached comments). nodeTypes
 * {@code class interface enum record annotation method constructor preamble}; a constructor's symbol is its
 * class name, a method's its simple name.
 *
 * <p>The declarations come from tree-sitter-java ({@link JavaSyntaxTree}); a file its grammar reports an error in
 * is read by JavaParser instead, and a syntax error there falls back to paragraph packing. Both readings give the
 * same declarations and attach comments by one rule ({@link JavaComments}); docs/ingest.md has the comparison on
 * tree-java. JavaParser parses with the RAW language level (no validators), so old code (a keyword used as an
 * identifier) still gives a usable tree. JavaParser instances are not thread-safe and cost about a tenth of a
 * parse to build, so each thread keeps one.
 */
public final class JavaChunker extends StructuredChunker {
  private static final long serialVersionUID = 1L;

  private static final ThreadLocal<JavaParser> PARSER = ThreadLocal.withInitial(JavaChunker::newParser);

  public JavaChunker() {
    this(DEFAULT_MAX_CHARS);
  }

  /** @param maxChars cap for packing long preambles and the fallback */
  public JavaChunker(int maxChars) {
    super(maxChars);
  }

  /** A parser set up as the chunker's (parsers are not thread-safe: one per thread). */
  public static JavaParser newParser() {
    return new JavaParser(new ParserConfiguration()
        // RAW: the grammar accepts every language level; the validators that BLEEDING_EDGE adds cost ~10%
        // of a parse and their findings were ignored anyway (only syntax errors make us fall back).
        .setLanguageLevel(LanguageLevel.RAW)
        // Columns then count chars, which the comment-placement check relies on.
        .setTabSize(1)
        // Comments are read from the comments collection; attribution would only cost time.
        .setAttributeComments(false));
  }

  /**
   * tree-sitter-java first (no AST objects: most of JavaParser's cost was its tokenizer and node building); where
   * its grammar finds an error, JavaParser decides, so a file only tree-sitter rejects is chunked as before.
   */
  @Override
  List<Span> spans(String text, Lines lines) {
    List<Decl> decls = JavaSyntaxTree.decls(lines);
    if (decls == null) {
      decls = parsedDecls(text, lines);
    }
    return decls == null ? null : Outline.layout(lines, decls, maxChars);
  }

  /** The declarations JavaParser reads, or null on a syntax error. */
  static List<Decl> parsedDecls(String text, Lines lines) {
    ParseResult<CompilationUnit> result = PARSER.get().parse(text);
    Optional<CompilationUnit> cu = result.getResult();
    // Syntax errors carry their ParseException/TokenMgrException as cause; validator findings carry none.
    if (cu.isEmpty() || result.getProblems().stream().map(Problem::getCause).anyMatch(Optional::isPresent)) {
      return null;
    }
    Map<Integer, Integer> commentStartByEnd = new HashMap<>();
    result.getCommentsCollection().ifPresent(comments -> {
      for (Comment c : comments.getComments()) {
        c.getRange().filter(r -> JavaComments.startsItsLine(lines, r.begin.line - 1, r.begin.column - 1))
            .ifPresent(r -> commentStartByEnd.merge(r.end.line - 1, r.begin.line - 1, Math::min));
      }
    });
    List<Decl> decls = new ArrayList<>();
    for (TypeDeclaration<?> type : cu.get().getTypes()) {
      addType(type, lines, commentStartByEnd, decls, 0);
    }
    return decls;
  }

  private static void addType(
      TypeDeclaration<?> type, Lines lines, Map<Integer, Integer> comments, List<Decl> into, int depth) {
    List<Decl> members = new ArrayList<>();
    if (depth < Outline.MAX_DEPTH) {
      for (BodyDeclaration<?> member : type.getMembers()) {
        if (member instanceof TypeDeclaration<?> nested) {
          addType(nested, lines, comments, members, depth + 1);
        } else if (member instanceof MethodDeclaration m) {
          add("method", m.getNameAsString(), m, lines, comments, List.of(), members);
        } else if (member instanceof ConstructorDeclaration c) {
          add("constructor", c.getNameAsString(), c, lines, comments, List.of(), members);
        } else if (member instanceof CompactConstructorDeclaration c) {
          add("constructor", c.getNameAsString(), c, lines, comments, List.of(), members);
        }
      }
    }
    add(typeKind(type), type.getNameAsString(), type, lines, comments, members, into);
  }

  private static void add(String nodeType, String symbol, Node node, Lines lines,
      Map<Integer, Integer> comments, List<Decl> members, List<Decl> into) {
    Optional<Range> range = node.getRange();
    if (range.isEmpty()) {
      return;
    }
    int start = range.get().begin.line - 1;
    int end = Math.min(range.get().end.line - 1, lines.count() - 1);
    if (start < 0 || start > end) {
      return;
    }
    into.add(new Decl(nodeType, symbol, JavaComments.attachedStart(start, comments), end, members));
  }

  private static String typeKind(TypeDeclaration<?> type) {
    if (type instanceof ClassOrInterfaceDeclaration c) {
      return c.isInterface() ? "interface" : "class";
    }
    if (type instanceof EnumDeclaration) {
      return "enum";
    }
    if (type instanceof RecordDeclaration) {
      return "record";
    }
    if (type instanceof AnnotationDeclaration) {
      return "annotation";
    }
    return "class";
  }
}
