package dev.weft.transforms.graph;

import static dev.weft.transforms.graph.Imports.candidates;
import static dev.weft.transforms.graph.Imports.implicit;
import static dev.weft.transforms.graph.Imports.specs;
import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.context.graph.FileImports;
import org.junit.jupiter.api.Test;

/** The Java import rules, each alone on a tiny file. */
class JavaImportsTest {
  private static FileImports extract(String text) {
    return new JavaImports().extract("src/p/A.java", text, ProjectFiles.none());
  }

  @Test
  void aFileProvidesItsTypeByPackageDeclarationAndItsPackage() {
    assertThat(extract("package com.acme;\nclass A {}\n").provides())
        .containsExactly("java:com.acme.A", "javapkg:com.acme");
    assertThat(extract("class A {}\n").provides()).as("the default package").containsExactly("java:A", "javapkg:");
  }

  @Test
  void aTypeImportResolvesToTheTypeThenToEachOuterType() {
    FileImports imports = extract("package p;\nimport a.b.C;\nimport a.b.C.Inner;\nclass A {}\n");

    assertThat(specs(imports)).containsExactly("a.b.C", "a.b.C.Inner");
    assertThat(candidates(imports, "a.b.C")).containsExactly("java:a.b.C");
    assertThat(candidates(imports, "a.b.C.Inner")).containsExactly("java:a.b.C.Inner", "java:a.b.C");
  }

  @Test
  void aStaticImportNamesItsType() {
    FileImports imports = extract("package p;\nimport static a.b.C.max;\nimport static a.b.D.*;\nclass A {}\n");

    assertThat(candidates(imports, "a.b.C.max")).containsExactly("java:a.b.C");
    assertThat(candidates(imports, "a.b.D.*")).containsExactly("java:a.b.D");
  }

  @Test
  void aWildcardImportIsTheWholePackage() {
    assertThat(candidates(extract("package p;\nimport a.b.*;\nclass A {}\n"), "a.b.*")).containsExactly("javapkg:a.b");
  }

  @Test
  void capitalisedNamesOfTheBodyAreSamePackageGuessesButNotTheImportedOnesNorItself() {
    FileImports imports = extract("package p;\nimport q.List;\nclass A extends Base {\n  List<Helper> all;\n"
        + "  A self;\n}\n");

    assertThat(implicit(imports)).containsExactly("Base", "Helper");
    assertThat(candidates(imports, "Helper")).containsExactly("java:p.Helper");
  }

  @Test
  void importsAndNamesInCommentsAndStringsAreNone() {
    FileImports imports = extract("""
        package p;
        // import x.Line;
        /* import x.Block;
           import x.Block2; */
        /** Uses {@link Javadoc}. */
        class A {
          String s = "import x.Str; Quoted";
          String t = \"""
            import x.TextBlock;
            \""";
          char q = '"';
          Real r;
        }
        """);

    assertThat(specs(imports)).isEmpty();
    assertThat(implicit(imports)).as("String is a type the code uses; no name of a comment or a string")
        .containsExactly("String", "Real");
  }
}
