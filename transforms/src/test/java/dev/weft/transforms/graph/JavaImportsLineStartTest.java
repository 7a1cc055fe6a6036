package dev.weft.transforms.graph;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.context.graph.FileImports;
import dev.weft.context.graph.ImportRef;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The package and import statements are found from the start of their own line, whatever precedes them: a
 * blanked licence header, blank lines, indentation by tabs or a comment on the same line.
 */
class JavaImportsLineStartTest {
  private final JavaImports imports = new JavaImports();

  @Test
  void statementsAfterALicenceHeaderBlankLinesTabsAndAComment() {
    String header = "/*\n" + " * Licensed to the Apache Software Foundation.\n".repeat(200) + " */\n";
    String text = header + "\n\n\tpackage a.b;\r\n\n"
        + "import java.util.List;\n"
        + "\t import static a.c.Util.helper;\n"
        + "/* why */ import a.d.*;\n"
        + "// import not.This;\n"
        + "class Here { List<Thing> things; }\n";
    FileImports found = imports.extract("src/a/b/Here.java", text, null);
    assertThat(found.provides()).containsExactly("java:a.b.Here", "javapkg:a.b");
    assertThat(found.imports()).containsExactly(
        ImportRef.of("java.util.List", List.of("java:java.util.List")),
        ImportRef.of("a.c.Util.helper", List.of("java:a.c.Util")),
        ImportRef.of("a.d.*", List.of("javapkg:a.d")),
        new ImportRef("Thing", List.of("java:a.b.Thing"), true));
  }

  @Test
  void aStatementMustStartItsLine() {
    FileImports found = imports.extract("X.java", "class X {} import a.B;\n", null);
    assertThat(found.provides()).containsExactly("java:X", "javapkg:");
    assertThat(found.imports()).extracting(ImportRef::spec).doesNotContain("a.B");
  }
}
