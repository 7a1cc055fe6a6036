package dev.weft.transforms.impact;

import com.github.javaparser.JavaParser;
import com.github.javaparser.ParseResult;
import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.Modifier;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.BodyDeclaration;
import com.github.javaparser.ast.body.CallableDeclaration;
import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.body.Parameter;
import com.github.javaparser.ast.body.TypeDeclaration;
import com.github.javaparser.ast.body.VariableDeclarator;
import com.github.javaparser.ast.body.EnumConstantDeclaration;
import com.github.javaparser.ast.expr.BinaryExpr;
import com.github.javaparser.ast.expr.ConditionalExpr;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.Name;
import com.github.javaparser.ast.expr.ObjectCreationExpr;
import com.github.javaparser.ast.expr.SimpleName;
import com.github.javaparser.ast.nodeTypes.NodeWithModifiers;
import com.github.javaparser.ast.stmt.CatchClause;
import com.github.javaparser.ast.stmt.DoStmt;
import com.github.javaparser.ast.stmt.ForEachStmt;
import com.github.javaparser.ast.stmt.ForStmt;
import com.github.javaparser.ast.stmt.IfStmt;
import com.github.javaparser.ast.stmt.SwitchEntry;
import com.github.javaparser.ast.stmt.WhileStmt;
import com.github.javaparser.ast.type.ClassOrInterfaceType;
import com.github.javaparser.ast.expr.MethodReferenceExpr;
import dev.weft.transforms.chunk.JavaChunker;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * Java chunks by JavaParser (the chunker's parser). A chunk is a fragment — a method, a class header whose closing
 * brace belongs to no chunk, the imports — so it is tried as a compilation unit, as a member, as a member wrapped
 * in a class, and as a class header closed with a brace, in that order; the first that parses without a syntax
 * error is read, its lines shifted back to the chunk's.
 */
final class JavaCodeReader implements CodeReader {
  static final JavaCodeReader INSTANCE = new JavaCodeReader();

  /** The chunker's parser settings, so a fragment parses here exactly as its chunk was cut. */
  private static final ThreadLocal<JavaParser> PARSER = ThreadLocal.withInitial(JavaChunker::newParser);

  /** A way to complete a fragment: how to parse it and how many lines the completion put in front. */
  private record Attempt(Function<String, ParseResult<? extends Node>> parse, String prefix, String suffix) {}

  private static final Attempt UNIT = new Attempt(text -> PARSER.get().parse(text), "", "");
  private static final Attempt MEMBER = new Attempt(text -> PARSER.get().parseBodyDeclaration(text), "", "");
  private static final Attempt WRAPPED =
      new Attempt(text -> PARSER.get().parse(text), "class WeftImpactFragment {\n", "\n}");
  private static final Attempt HEADER = new Attempt(text -> PARSER.get().parse(text), "", "\n}");
  /** The likeliest completion first, by what the chunker says the chunk is: a failed attempt costs a parse. */
  private static final List<Attempt> FOR_MEMBERS = List.of(MEMBER, UNIT, WRAPPED, HEADER);
  private static final List<Attempt> FOR_TYPES = List.of(HEADER, UNIT, MEMBER, WRAPPED);
  private static final List<Attempt> FOR_OTHERS = List.of(UNIT, HEADER, MEMBER, WRAPPED);

  private JavaCodeReader() {}

  @Override
  public CodeReading read(String text, String nodeType) {
    for (Attempt attempt : attempts(nodeType)) {
      ParseResult<? extends Node> result = attempt.parse().apply(attempt.prefix() + text + attempt.suffix());
      if (result.isSuccessful() && result.getResult().isPresent()) {
        return reading(result.getResult().get(), attempt.prefix().isEmpty() ? 0 : 1);
      }
    }
    return CodeReading.unparsed();
  }

  private static List<Attempt> attempts(String nodeType) {
    return switch (nodeType) {
      case "method", "constructor" -> FOR_MEMBERS;
      case "class", "interface", "enum", "record", "annotation" -> FOR_TYPES;
      default -> FOR_OTHERS;
    };
  }

  private static CodeReading reading(Node root, int shift) {
    List<NameUse> uses = new ArrayList<>();
    for (SimpleName name : root.findAll(SimpleName.class)) {
      line(name, shift).ifPresent(line -> uses.add(new NameUse(name.getIdentifier(), line, use(name))));
    }
    for (Name name : root.findAll(Name.class)) {
      // imports, packages, annotations: qualified names, every part a reference
      line(name, shift).ifPresent(line -> uses.add(new NameUse(name.getIdentifier(), line, NameUse.Use.REFERENCE)));
    }
    for (MethodReferenceExpr reference : root.findAll(MethodReferenceExpr.class)) {
      // Type::name holds its name as a plain string, not a SimpleName
      line(reference, shift).ifPresent(line -> uses.add(new NameUse(reference.getIdentifier(), line, NameUse.Use.CALL)));
    }
    uses.sort(Comparator.comparingInt(NameUse::line));
    return new CodeReading(true, uses, decisions(root), exported(root), List.of());
  }

  private static Optional<Integer> line(Node node, int shift) {
    return node.getBegin().map(position -> position.line - 1 - shift).filter(line -> line >= 0);
  }

  private static NameUse.Use use(SimpleName name) {
    Node parent = name.getParentNode().orElse(null);
    if (parent instanceof MethodCallExpr call && call.getName() == name) {
      return NameUse.Use.CALL;
    }
    if (parent instanceof ClassOrInterfaceType type && type.getName() == name
        && type.getParentNode().filter(ObjectCreationExpr.class::isInstance).isPresent()) {
      return NameUse.Use.CALL;
    }
    boolean declares = parent instanceof CallableDeclaration<?> callable && callable.getName() == name
        || parent instanceof TypeDeclaration<?> type && type.getName() == name
        || parent instanceof VariableDeclarator variable && variable.getName() == name
        || parent instanceof Parameter parameter && parameter.getName() == name
        || parent instanceof EnumConstantDeclaration constant && constant.getName() == name;
    return declares ? NameUse.Use.DECLARATION : NameUse.Use.REFERENCE;
  }

  private static int decisions(Node root) {
    int count = root.findAll(IfStmt.class).size()
        + root.findAll(ForStmt.class).size()
        + root.findAll(ForEachStmt.class).size()
        + root.findAll(WhileStmt.class).size()
        + root.findAll(DoStmt.class).size()
        + root.findAll(CatchClause.class).size()
        + root.findAll(ConditionalExpr.class).size();
    count += (int) root.findAll(SwitchEntry.class).stream().filter(entry -> !entry.getLabels().isEmpty()).count();
    count += (int) root.findAll(BinaryExpr.class).stream()
        .filter(b -> b.getOperator() == BinaryExpr.Operator.AND || b.getOperator() == BinaryExpr.Operator.OR)
        .count();
    return count;
  }

  /**
   * Public or protected, or a method without a body and without an access modifier (an interface's members are
   * public; the chunk does not say whether its container is an interface, so the safe guess is taken).
   */
  private static boolean exported(Node root) {
    Optional<BodyDeclaration<?>> first;
    if (root instanceof BodyDeclaration<?> declaration) {
      first = Optional.of(declaration);
    } else if (root instanceof CompilationUnit unit && !unit.getTypes().isEmpty()
        && isWrapper(unit.getType(0)) && !unit.getType(0).getMembers().isEmpty()) {
      first = Optional.of(unit.getType(0).getMember(0));
    } else if (root instanceof CompilationUnit unit && !unit.getTypes().isEmpty()) {
      first = Optional.of(unit.getType(0));
    } else {
      first = Optional.empty();
    }
    if (first.isEmpty() || !(first.get() instanceof NodeWithModifiers<?> withModifiers)) {
      return true;
    }
    if (withModifiers.hasModifier(Modifier.Keyword.PUBLIC) || withModifiers.hasModifier(Modifier.Keyword.PROTECTED)) {
      return true;
    }
    boolean access = withModifiers.hasModifier(Modifier.Keyword.PRIVATE);
    return !access && first.get() instanceof MethodDeclaration method && method.getBody().isEmpty();
  }

  /**
   * Our own wrapper, or the implicit class JavaParser puts top-level members in (it reads a lone method as a
   * compact source file's member): either way the declaration is its first member.
   */
  private static boolean isWrapper(BodyDeclaration<?> declaration) {
    return declaration instanceof TypeDeclaration<?> type
        && (type.getNameAsString().equals("WeftImpactFragment") || type.getNameAsString().startsWith("$"));
  }
}
