package dev.weft.transforms.chunk;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import org.junit.jupiter.api.Test;

/**
 * Declarations read from a file's outline ({@link OutlineText}: the blocks its chunker never reads emptied) must be
 * exactly those read from its whole text, on the forms that put braces, keywords and multi-byte characters where a
 * light lexer could slip, and on every Java and Go file of this repository. More files (directories or zips such as
 * a JDK's src.zip, joined by the path separator) with {@code -Dweft.outlineCorpus=...}: docs/ingest.md
 * ("Outlines") gives the figures on tree-java, JDK 25's sources and Go's standard library.
 */
class OutlineTextTest {
  private static final GoChunker GO = new GoChunker();
  private static final PythonChunker PYTHON = new PythonChunker();

  private static final List<String> JAVA_FORMS = List.of(
      // bodies, initializers, a field's lambda, array initializer and anonymous class
      "class A {\n  static { init(); }\n  { x = 1; }\n  int[] a = {1, 2};\n  Runnable r = () -> { run(); };\n"
          + "  Object o = new Object() {\n    class Inner { void g() {} }\n  };\n  void f() {\n    if (a) { b(); }\n"
          + "  }\n}\n",
      // braces and keywords inside literals and comments, a text block, char literals
      "class B {\n  String s = \"{ class X {\";\n  char c = '{', d = '\\'', e = '\"';\n  // } enum {\n"
          + "  /* { record R() { */\n  String t = \"\"\"\n      } \\\"\"\" {\n      \"\"\";\n  void f() { g(\"}\"); }\n}\n",
      // nested and local types, records with compact constructors, enums with constant bodies, annotations
      "@interface Ann { int[] value() default {1}; }\nrecord R(int x) {\n  R { check(x); }\n  static R of() {"
          + " return new R(1); }\n}\nenum E {\n  A { void f() {} }, B(2) { },\n  C;\n  E() {}\n  E(int i) {}\n"
          + "  void g() { class Local { void h() {} } }\n  interface Nested { default void d() { } }\n}\n",
      // `.class` in a header, a method named record, generics, throws, default methods
      "@Uses(Foo.class)\nclass C<T extends Comparable<T>> implements I {\n  @Uses(Bar.class) void m() { }\n"
          + "  void record(Event e) { if (e != null) { log(e); } }\n  <U> U id(U u) throws X, Y { return u; }\n}\n",
      // multi-byte characters inside a body, before a trailing comment on the closing line
      "class D {\n  void f() { s = \"é😀\"; } // after\n  void g() {\n    t = \"ü\";\n  ü(); } /* tail */\n"
          + "  /** Doc. */\n  void h() {}\n}\n",
      // a syntax error inside a body: the outline still parses (the whole text does not)
      "class F {\n  void f() { int x = ; }\n  void g() {}\n}\n",
      // sealed types, switch patterns, nested braces on one line, an unclosed block at the end
      "sealed interface S permits T {}\nfinal class T implements S {\n  int f(Object o) { return switch (o) {"
          + " case T t when t.ok() -> { yield 1; } default -> 0; }; }\n}\nclass U { void f() {\n");

  private static final List<String> GO_FORMS = List.of(
      // functions, methods, types grouped and alone, composite literals, signatures with braces
      "package p\n\n// F does.\nfunc F(x struct{ a int }) interface{} {\n\tif x.a > 0 {\n\t\treturn nil\n\t}\n"
          + "\treturn x\n}\n\ntype (\n\tA struct {\n\t\tb int\n\t}\n\tI interface{ M() }\n)\n\n"
          + "var m = map[string]int{\n\t\"}\": 1,\n}\n\nfunc (a *A) M() { a.b++ }\n",
      // braces inside strings, raw strings, runes and comments; generics; multi-byte characters
      "package p\n\nvar s = `{ func X() {\n}`\nvar r = '{'\nvar q = '\\''\n/* } type T struct { */\n"
          + "func G[T interface{ ~int }](v T) T { return v } // é}\n\nfunc H() {\n\t_ = \"é😀{\" }\n\n"
          + "type T struct{ x int } /* tail */\n",
      // a syntax error inside a body: the outline still parses (the whole text does not)
      "package p\n\nfunc F() {\n\tx := \n}\n\nfunc G() {}\n");


  @Test
  void formsGiveTheWholeTextsDeclarations() {
    for (String form : JAVA_FORMS) {
      Lines lines = Lines.of(form);
      List<Outline.Decl> whole = JavaSyntaxTree.decls(lines, lines.withNewlines());
      if (whole != null) {
        assertThat(JavaSyntaxTree.decls(lines)).as(form).isEqualTo(whole);
      }
    }
  }

  @Test
  void keepsEveryLineAndTheColumnsOfWhatItKeeps() {
    for (String form : JAVA_FORMS) {
      String outline = OutlineText.java(form);
      String[] before = form.split("\n", -1);
      String[] after = outline.split("\n", -1);
      assertThat(after).as(form).hasSameSizeAs(before);
      for (int i = 0; i < before.length; i++) {
        if (!after[i].isBlank()) {
          assertThat(after[i].getBytes(StandardCharsets.UTF_8)).as(form + " line " + i)
              .hasSize(before[i].getBytes(StandardCharsets.UTF_8).length);
        }
      }
    }
  }

  @Test
  void aBodysSyntaxErrorNoLongerHidesTheDeclarations() {
    Lines lines = Lines.of(JAVA_FORMS.get(5));
    assertThat(JavaSyntaxTree.decls(lines, lines.withNewlines())).isNull();
    assertThat(JavaSyntaxTree.decls(lines)).extracting(Outline.Decl::symbol).containsExactly("F");
    assertThat(JavaSyntaxTree.decls(lines).get(0).members()).extracting(Outline.Decl::symbol)
        .containsExactly("f", "g");
  }

  @Test
  void emptiesTheBodies() {
    assertThat(OutlineText.java("class A {\n  void f() {\n    g();\n  }\n  int x = 1;\n}\n"))
        .isEqualTo("class A {\n  void f() {\n\n  }\n  int x = 1;\n}\n");
  }

  private static final List<String> PYTHON_FORMS = List.of(
      // methods, nested functions, decorators, async, docstrings, a trailing comment after a body
      "import os\n\n\nclass A:\n    \"\"\"Doc.\"\"\"\n\n    @staticmethod\n    def f(x,\n          y):\n"
          + "        '''Doc\n\nwith a blank line.'''\n        def inner():\n            return 1\n"
          + "        return inner()  # done\n        # trailing comment\n\n    async def g(self) -> 'A':\n"
          + "        await x\n\n\ndef h(): return 2\n\n\ndef k(a=(1,\n2)):\n    s = \"\"\"\ndef not_a_def():\n"
          + "\"\"\"\n    t = [1,\n  2]\n    u = \\\n        3\n",
      // tabs and form feeds, a body ending the file without a line break
      "def f():\n\tif x:\n\t\treturn 1\n\f\ndef g():\n\treturn 2");

  @Test
  void emptiesPythonFunctionBodies() {
    assertThat(PythonOutlineText.of("class A:\n    def f(self):\n        x = 1\n\n        return x\n    y = 2\n"))
        .isEqualTo("class A:\n    def f(self):\n\n\n        pass\n    y = 2\n");
    for (String form : PYTHON_FORMS) {
      Lines lines = Lines.of(form);
      String outline = PYTHON.outline(lines.withNewlines());
      assertThat(outline).as(form).isNotEqualTo(lines.withNewlines());
      assertThat(outline.split("\n", -1)).hasSameSizeAs(lines.withNewlines().split("\n", -1));
      List<Outline.Decl> whole = PYTHON.decls(lines, lines.withNewlines());
      assertThat(whole).as(form).isNotNull();
      assertThat(PYTHON.decls(lines, outline)).as(form).isEqualTo(whole);
    }
  }

  @Test
  void goFormsGiveTheWholeTextsDeclarations() {
    for (String form : GO_FORMS) {
      Lines lines = Lines.of(form);
      List<Outline.Decl> whole = GO.decls(lines, lines.withNewlines());
      if (whole != null) {
        assertThat(GO.decls(lines, OutlineText.go(lines.withNewlines()))).as(form).isEqualTo(whole);
      }
    }
    Lines broken = Lines.of(GO_FORMS.get(2));
    assertThat(GO.decls(broken, broken.withNewlines())).isNull();
    assertThat(GO.decls(broken, OutlineText.go(broken.withNewlines()))).extracting(Outline.Decl::symbol)
        .containsExactly("F", "G");
  }

  @Test
  void everyJavaAndGoFileOfThisRepositoryAndTheCorpusGivenGivesTheSameDeclarations() throws IOException {
    Path root = Path.of("").toAbsolutePath().getParent(); // the module's parent: the repository
    int[] counts = compareUnder(root.toString());
    assertThat(counts[1]).as("repository Java files compared").isGreaterThan(500);
    assertThat(counts[2]).as("repository Go files compared").isGreaterThanOrEqualTo(5);
    for (String part : System.getProperty("weft.outlineCorpus", "").split(File.pathSeparator)) {
      if (!part.isEmpty()) {
        int[] more = compareUnder(part);
        for (int k = 0; k < counts.length; k++) {
          counts[k] += more[k];
        }
      }
    }
    System.out.printf("outline: %d files, %d Java, %d Go and %d Python read whole and compared%n", counts[0],
        counts[1], counts[2], counts[3]);
  }

  /** {files, Java files compared, Go files compared} for a directory's files (build output skipped) or a zip's. */
  private static int[] compareUnder(String place) throws IOException {
    int[] counts = new int[4];
    if (place.endsWith(".zip")) {
      try (ZipFile zip = new ZipFile(place)) {
        for (ZipEntry entry : Collections.list(zip.entries())) {
          if (entry.getName().endsWith(".java") || entry.getName().endsWith(".go") || entry.getName().endsWith(".py")) {
            try (InputStream in = zip.getInputStream(entry)) {
              compare(place + "!" + entry.getName(), new String(in.readAllBytes(), StandardCharsets.UTF_8), counts);
            }
          }
        }
      }
      return counts;
    }
    List<Path> files = new ArrayList<>();
    try (Stream<Path> walk = Files.walk(Path.of(place))) {
      walk.filter(p -> (p.toString().endsWith(".java") || p.toString().endsWith(".go") || p.toString().endsWith(".py")) && Files.isRegularFile(p)
          && !p.toString().contains("/target/") && !p.toString().contains("/grammars/")).forEach(files::add);
    }
    for (Path file : files) {
      compare(file.toString(), new String(Files.readAllBytes(file), StandardCharsets.UTF_8), counts);
    }
    return counts;
  }

  /** Counts the file, and when its whole text parses, holds the outline's declarations to the whole text's. */
  private static void compare(String name, String text, int[] counts) {
    counts[0]++;
    Lines lines = Lines.of(text);
    if (name.endsWith(".go") || name.endsWith(".py")) {
      TreeSitterChunker chunker = name.endsWith(".go") ? GO : PYTHON;
      List<Outline.Decl> whole = chunker.decls(lines, lines.withNewlines());
      if (whole != null) {
        assertThat(chunker.decls(lines, chunker.outline(lines.withNewlines()))).as(name).isEqualTo(whole);
        counts[name.endsWith(".go") ? 2 : 3]++;
      }
      return;
    }
    List<Outline.Decl> whole = JavaSyntaxTree.decls(lines, lines.withNewlines());
    if (whole != null) {
      assertThat(JavaSyntaxTree.decls(lines)).as(name).isEqualTo(whole);
      counts[1]++;
    }
  }
}
