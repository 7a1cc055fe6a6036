package dev.weft.transforms.chunk;

import static dev.weft.transforms.chunk.ChunkContract.chunkChecked;
import static dev.weft.transforms.chunk.ChunkContract.doc;
import static dev.weft.transforms.chunk.ChunkContract.rows;
import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.context.Chunk;
import java.util.List;
import org.junit.jupiter.api.Test;

class JavaChunkerTest {
  static final String GREETER = String.join("\n",
      "/*",                                                    // 0
      " * Licensed under the Apache License.",                 // 1
      " */",                                                   // 2
      "package dev.example;",                                  // 3
      "",                                                      // 4
      "import java.util.List;",                                // 5
      "import java.util.Map;",                                 // 6
      "",                                                      // 7
      "/** A greeter. */",                                     // 8
      "@Deprecated",                                           // 9
      "public class Greeter {",                                // 10
      "  private final String name;",                          // 11
      "",                                                      // 12
      "  /** Makes one. */",                                   // 13
      "  public Greeter(String name) {",                       // 14
      "    this.name = name;",                                 // 15
      "  }",                                                   // 16
      "",                                                      // 17
      "  // Says hello.",                                      // 18
      "  // Politely.",                                        // 19
      "  @Override",                                           // 20
      "  public String toString() {",                          // 21
      "    return \"hi \" + name;",                            // 22
      "  }",                                                   // 23
      "",                                                      // 24
      "  private int count; // a trailing comment attaches to nothing below", // 25
      "  static class Inner {",                                // 26
      "    int depth;",                                        // 27
      "",                                                      // 28
      "    void dive() {}",                                    // 29
      "  }",                                                   // 30
      "",                                                      // 31
      "  enum Mode {",                                         // 32
      "    LOUD,",                                             // 33
      "    QUIET;",                                            // 34
      "",                                                      // 35
      "    boolean loud() {",                                  // 36
      "      return this == LOUD;",                            // 37
      "    }",                                                 // 38
      "  }",                                                   // 39
      "",                                                      // 40
      "  record Pair(int a, int b) {",                         // 41
      "    Pair {",                                            // 42
      "      if (a > b) throw new IllegalArgumentException();", // 43
      "    }",                                                 // 44
      "  }",                                                   // 45
      "}",                                                     // 46
      "",                                                      // 47
      "interface Named {",                                     // 48
      "  String name();",                                      // 49
      "",                                                      // 50
      "  default String shout() { return name().toUpperCase(); }", // 51
      "}",                                                     // 52
      "",                                                      // 53
      "@interface Marker { String value() default \"\"; }",    // 54
      "");
  private final JavaChunker chunker = new JavaChunker();

  @Test
  void chunksTypesMembersAndThePreamble() {
    List<Chunk> chunks = chunkChecked(chunker, doc("src/Greeter.java", "java", GREETER));
    assertThat(rows(chunks)).containsExactly(
        "preamble null 0-6",
        "class Greeter 8-11",
        "constructor Greeter 13-16",
        "method toString 18-23",
        "class Greeter 25-25",
        "class Inner 26-27",
        "method dive 29-29",
        "enum Mode 32-34",
        "method loud 36-38",
        "record Pair 41-41",
        "constructor Pair 42-44",
        "interface Named 48-48",
        "method name 49-49",
        "method shout 51-51",
        "annotation Marker 54-54");
    assertThat(chunks.get(3).text()).startsWith("  // Says hello.\n  // Politely.\n  @Override\n");
  }

  @Test
  void attachesOnlyCommentsDirectlyAbove() {
    String text = "/** Detached by a blank line. */\n\nclass D {}\n/* block */ // two on a line\nclass E {}\n";
    assertThat(rows(chunkChecked(chunker, doc("D.java", "java", text))))
        .containsExactly("preamble null 0-0", "class D 2-2", "class E 3-4");
  }

  @Test
  void aMultiLineJavadocEndingOnTheDeclarationLineAttaches() {
    String text = "class A {\n  /**\n   * Doc.\n   */ void f() {}\n}\n";
    assertThat(rows(chunkChecked(chunker, doc("A.java", "java", text))))
        .containsExactly("class A 0-0", "method f 1-3");
  }

  @Test
  void sameRowsForCrLfAndCrLineEndings() {
    List<String> expected = rows(chunker.chunk(doc("G.java", "java", GREETER)));
    assertThat(rows(chunkChecked(chunker, doc("G.java", "java", GREETER.replace("\n", "\r\n")))))
        .isEqualTo(expected);
    assertThat(rows(chunkChecked(chunker, doc("G.java", "java", GREETER.replace("\n", "\r")))))
        .isEqualTo(expected);
  }

  @Test
  void handlesNonAsciiNamesAndTabs() {
    String text = "class Grüße {\n\t/* ü */\n\tString ß() { return \"😀\"; }\n}\n";
    assertThat(rows(chunkChecked(chunker, doc("U.java", "java", text))))
        .containsExactly("class Grüße 0-0", "method ß 1-2");
  }

  @Test
  void toleratesValidatorComplaintsButFallsBackOnSyntaxErrors() {
    String old = "class Old {\n  void enum() {}\n}\n";
    assertThat(rows(chunkChecked(chunker, doc("Old.java", "java", old))))
        .containsExactly("class Old 0-0", "method enum 1-1");
    String broken = "class Broken {\n  void f( {\n}\n\nclass Next {}\n";
    assertThat(rows(chunkChecked(chunker, doc("Broken.java", "java", broken))))
        .containsExactly("paragraphs null 0-4");
  }

  @Test
  void aFileWithoutTypesIsAllPreamble() {
    String text = "/** Package docs. */\npackage dev.example;\n";
    assertThat(rows(chunkChecked(chunker, doc("package-info.java", "java", text))))
        .containsExactly("preamble null 0-1");
  }

  @Test
  void modernSyntaxParses() {
    String text = String.join("\n",
        "sealed interface Shape permits Circle {}",
        "record Circle(double r) implements Shape {",
        "  double area(Object o) {",
        "    return switch (o) {",
        "      case Circle(double radius) when radius > 0 -> { yield radius; }",
        "      default -> 0;",
        "    };",
        "  }",
        "  String text() { return \"\"\"",
        "      hi",
        "      \"\"\"; }",
        "}");
    assertThat(rows(chunkChecked(chunker, doc("S.java", "java", text)))).containsExactly(
        "interface Shape 0-0", "record Circle 1-1", "method area 2-7", "method text 8-10");
  }

  @Test
  void pathologicalNestingIsReadToTheDepthCapInsteadOfThrowing() {
    String text = "class A {".repeat(3000) + "}".repeat(3000) + "\n";
    // tree-sitter reads it; members deeper than Outline.MAX_DEPTH stay inside their type's chunk, so this is one
    // 30,000-char line of class A, cut into parts under the chunk limit
    assertThat(rows(chunkChecked(chunker, doc("Deep.java", "java", text))))
        .hasSize(8).containsOnly("class A 0-0");
  }

  @Test
  void pathologicalNestingWithASyntaxErrorFallsBackInsteadOfThrowing() {
    String text = "class A {".repeat(3000) + "\n";
    // tree-sitter reports the missing braces, JavaParser overflows its stack or fails: paragraph packing
    assertThat(rows(chunkChecked(chunker, doc("Deep.java", "java", text))))
        .hasSize(7).containsOnly("paragraphs null 0-0");
  }

  @Test
  void aFileTreeSitterRejectsIsReadByJavaParser() {
    // a module import (Java 25) is an error to tree-sitter-java's grammar, not to JavaParser's RAW level; `enum` as a
    // name (Java 1.4) inside a body was one too, until tree-sitter read the outline, bodies emptied
    String old = "import module java.base;\nclass Old {\n  /** Doc. */\n  void f() { enum = 2; }\n}\n";
    assertThat(JavaSyntaxTree.decls(Lines.of(old))).isNull();
    assertThat(rows(chunkChecked(chunker, doc("Old.java", "java", old))))
        .containsExactly("preamble null 0-0", "class Old 1-1", "method f 2-3");
  }

  @Test
  void aFileOnlyTreeSitterReadsIsChunkedByDeclaration() {
    // a string template (Java 21 preview) was a syntax error to JavaParser, so the file was paragraph-packed
    String text = "class T {\n  String f() {\n    return STR.\"hi \\{1}\";\n  }\n}\n";
    assertThat(rows(chunkChecked(chunker, doc("T.java", "java", text))))
        .containsExactly("class T 0-0", "method f 1-3");
  }

  @Test
  void bothReadingsGiveTheSameDeclarations() {
    Lines lines = Lines.of(GREETER);
    assertThat(JavaSyntaxTree.decls(lines)).isNotNull().isEqualTo(JavaChunker.parsedDecls(GREETER, lines));
  }
}
