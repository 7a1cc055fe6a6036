package dev.weft.transforms.graph;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.context.graph.FileImports;
import dev.weft.context.graph.ImportRef;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * The lexer never lets an extractor report an import that sits in a comment or a string, whatever surrounds it, and
 * never hides a real one: random files made of filler code, imports hidden in comments and strings ("traps") and
 * real imports, in each language.
 */
class ImportLexerPropertyTest {
  /** A file: its text and the real imports' specs, in order. */
  record Source(String text, List<String> real) {}

  @Property(tries = 300)
  void strippingKeepsEveryOffsetAndLineBreak(@ForAll("noise") String text) {
    for (boolean hash : List.of(false, true)) {
      for (boolean strings : List.of(false, true)) {
        String stripped = SourceText.strip(text, strings, hash);
        assertThat(stripped).hasSize(text.length());
        for (int i = 0; i < text.length(); i++) {
          assertThat(stripped.charAt(i) == '\n').isEqualTo(text.charAt(i) == '\n');
        }
      }
    }
  }

  @Property(tries = 200)
  void javaReportsNoImportFromACommentOrAString(@ForAll("java") Source source) {
    FileImports imports = new JavaImports().extract("p/A.java", source.text(), ProjectFiles.none());
    assertReportsExactlyTheRealOnes(imports, source);
  }

  @Property(tries = 200)
  void pythonReportsNoImportFromACommentOrAString(@ForAll("python") Source source) {
    FileImports imports = new PythonImports().extract("p/a.py", source.text(), ProjectFiles.none());
    assertReportsExactlyTheRealOnes(imports, source);
  }

  @Property(tries = 200)
  void scriptReportsNoImportFromACommentOrAString(@ForAll("script") Source source) {
    FileImports imports = new ScriptImports().extract("p/a.ts", source.text(), ProjectFiles.none());
    assertReportsExactlyTheRealOnes(imports, source);
  }

  @Property(tries = 200)
  void goReportsNoImportFromACommentOrAString(@ForAll("go") Source source) {
    FileImports imports = new GoImports().extract("p/a.go", source.text(), ProjectFiles.none());
    assertReportsExactlyTheRealOnes(imports, source);
  }

  private static void assertReportsExactlyTheRealOnes(FileImports imports, Source source) {
    List<String> reported = imports.imports().stream().filter(ref -> !ref.implicit()).map(ImportRef::spec).toList();
    assertThat(reported).as(source.text()).containsExactlyInAnyOrderElementsOf(source.real());
    assertThat(imports.imports()).as(source.text()).noneMatch(ref -> ref.spec().toLowerCase().contains("trap"));
  }

  @Provide
  Arbitrary<String> noise() {
    return Arbitraries.strings().withChars("ab /*#\"'`\\\n;(){}import").ofMaxLength(80);
  }

  @Provide
  Arbitrary<Source> java() {
    return sources(List.of("int x = 1;\n", "char q = '\"';\n", "String e = \"\\\\\";\n", "void f() { g(\"a\", 'b'); }\n"),
        List.of("// import trap.LineA;\n", "/* import trap.BlockB;\nimport trap.BlockC; */\n",
            "/** {@link TrapDoc}\n * import trap.DocD;\n */\n", "String s = \"import trap.StrE; TrapName\";\n",
            "String t = \"\"\"\n    import trap.TextF;\n    \"\"\";\n"),
        "import ok.Real%d;\n", "ok.Real%d");
  }

  @Provide
  Arbitrary<Source> python() {
    return sources(List.of("x = 1\n", "s = \"it's\"\n", "def f(a):\n    return a // 2\n", "u = '#'\n"),
        List.of("# import trap_line\n", "\"\"\"Doc.\n\nimport trap_doc\nfrom trap_doc import x\n\"\"\"\n",
            "s = 'import trap_str'\n", "t = '''\nfrom trap_triple import y\n'''\n", "v = \"from trap_q import z\"\n"),
        "import real%d\n", "real%d");
  }

  @Provide
  Arbitrary<Source> script() {
    return sources(List.of("const a = 1;\n", "const q = \"it's\";\n", "function f() { return g('x', \"y\"); }\n",
            "const half = n / 2;\n"),
        List.of("// import a from './trap-line';\n", "/* require('./trap-block');\nimport b from './trap-b'; */\n",
            "const s = \"import c from './trap-str'\";\n", "const t = `require('./trap-template')`;\n",
            "const u = 'import(\"./trap-single\")';\n", "const v = obj.require('./trap-method');\n"),
        "import x%1$d from './real%1$d';\n", "./real%d");
  }

  @Provide
  Arbitrary<Source> go() {
    return sources(List.of("var a = 1\n", "var r = '\"'\n", "func f() { g(\"x\") }\n", "var d = a / 2\n"),
        List.of("// import \"trap/line\"\n", "/* import (\n  \"trap/block\"\n) */\n",
            "var s = \"import \\\"trap/str\\\"\"\n", "var t = `import \"trap/raw\"`\n",
            "var u = `\nimport (\n  \"trap/rawblock\"\n)\n`\n"),
        "import \"real/%d\"\n", "real/%d");
  }

  /** 1 to 12 segments, each filler, a trap or a real import (numbered by position, so each is distinct). */
  private static Arbitrary<Source> sources(List<String> filler, List<String> traps, String realFormat,
      String specFormat) {
    Arbitrary<Integer> segment = Arbitraries.integers().between(0, filler.size() + traps.size());
    return segment.list().ofMinSize(1).ofMaxSize(12).map(choices -> {
      StringBuilder text = new StringBuilder();
      List<String> real = new ArrayList<>();
      for (int i = 0; i < choices.size(); i++) {
        int choice = choices.get(i);
        if (choice < filler.size()) {
          text.append(filler.get(choice));
        } else if (choice < filler.size() + traps.size()) {
          text.append(traps.get(choice - filler.size()));
        } else {
          text.append(String.format(realFormat, i));
          real.add(String.format(specFormat, i));
        }
      }
      return new Source(text.toString(), real);
    });
  }
}
