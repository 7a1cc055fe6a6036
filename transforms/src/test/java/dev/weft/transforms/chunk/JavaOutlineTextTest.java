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
 * Declarations read from a Java file's outline ({@link JavaOutlineText}: bodies emptied) must be exactly those read
 * from its whole text, on the forms that put braces, keywords and multi-byte characters where a light lexer could
 * slip, and on every Java file of this repository. More files (a directory or a JDK's src.zip, several joined by the
 * path separator) with {@code -Dweft.javaOutlineCorpus=...}: docs/ingest.md gives the figures on tree-java and
 * JDK 25's sources.
 */
class JavaOutlineTextTest {
  private static final List<String> FORMS = List.of(
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

  @Test
  void formsGiveTheWholeTextsDeclarations() {
    for (String form : FORMS) {
      Lines lines = Lines.of(form);
      List<Outline.Decl> whole = JavaSyntaxTree.declsOfWholeText(lines);
      if (whole != null) {
        assertThat(JavaSyntaxTree.decls(lines)).as(form).isEqualTo(whole);
      }
    }
  }

  @Test
  void keepsEveryLineAndTheColumnsOfWhatItKeeps() {
    for (String form : FORMS) {
      String outline = JavaOutlineText.of(form);
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
    Lines lines = Lines.of(FORMS.get(5));
    assertThat(JavaSyntaxTree.declsOfWholeText(lines)).isNull();
    assertThat(JavaSyntaxTree.decls(lines)).extracting(Outline.Decl::symbol).containsExactly("F");
    assertThat(JavaSyntaxTree.decls(lines).get(0).members()).extracting(Outline.Decl::symbol)
        .containsExactly("f", "g");
  }

  @Test
  void emptiesTheBodies() {
    assertThat(JavaOutlineText.of("class A {\n  void f() {\n    g();\n  }\n  int x = 1;\n}\n"))
        .isEqualTo("class A {\n  void f() {\n\n  }\n  int x = 1;\n}\n");
  }

  @Test
  void everyJavaFileOfThisRepositoryAndTheCorpusGivenGivesTheSameDeclarations() throws IOException {
    Path root = Path.of("").toAbsolutePath().getParent(); // the module's parent: the repository
    int[] counts = compareUnder(root.toString());
    assertThat(counts[1]).as("repository files compared").isGreaterThan(500);
    for (String part : System.getProperty("weft.javaOutlineCorpus", "").split(File.pathSeparator)) {
      if (!part.isEmpty()) {
        int[] more = compareUnder(part);
        counts[0] += more[0];
        counts[1] += more[1];
      }
    }
    System.out.printf("java outline: %d files, %d read whole and compared%n", counts[0], counts[1]);
  }

  /** {files, compared} for a directory's .java files (build output skipped) or a zip's. */
  private static int[] compareUnder(String place) throws IOException {
    int[] counts = new int[2];
    if (place.endsWith(".zip")) {
      try (ZipFile zip = new ZipFile(place)) {
        for (ZipEntry entry : Collections.list(zip.entries())) {
          if (entry.getName().endsWith(".java")) {
            try (InputStream in = zip.getInputStream(entry)) {
              counts[0]++;
              counts[1] += sameDeclarations(place + "!" + entry.getName(),
                  new String(in.readAllBytes(), StandardCharsets.UTF_8)) ? 1 : 0;
            }
          }
        }
      }
      return counts;
    }
    List<Path> files = new ArrayList<>();
    try (Stream<Path> walk = Files.walk(Path.of(place))) {
      walk.filter(p -> p.toString().endsWith(".java") && !p.toString().contains("/target/")).forEach(files::add);
    }
    for (Path file : files) {
      counts[0]++;
      counts[1] += sameDeclarations(file.toString(), new String(Files.readAllBytes(file), StandardCharsets.UTF_8))
          ? 1 : 0;
    }
    return counts;
  }

  /** Whether the whole text parses; when it does, its declarations must equal the outline's. */
  private static boolean sameDeclarations(String name, String text) {
    Lines lines = Lines.of(text);
    List<Outline.Decl> whole = JavaSyntaxTree.declsOfWholeText(lines);
    if (whole == null) {
      return false;
    }
    assertThat(JavaSyntaxTree.decls(lines)).as(name).isEqualTo(whole);
    return true;
  }
}
