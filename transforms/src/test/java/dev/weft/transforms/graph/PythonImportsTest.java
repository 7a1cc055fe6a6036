package dev.weft.transforms.graph;

import static dev.weft.transforms.graph.Imports.candidates;
import static dev.weft.transforms.graph.Imports.specs;
import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.context.graph.FileImports;
import org.junit.jupiter.api.Test;

/** The Python import rules, each alone on a tiny module at {@code pkg/sub/mod.py}. */
class PythonImportsTest {
  private static FileImports extract(String text) {
    return new PythonImports().extract("pkg/sub/mod.py", text, ProjectFiles.none());
  }

  @Test
  void plainImportsWithAliasesAndSeveralNames() {
    FileImports imports = extract("import os.path as p, json\nimport pkg.util\n");

    assertThat(specs(imports)).containsExactly("os.path", "json", "pkg.util");
    // by dotted name, then beside the importing file (a script's directory is on sys.path)
    assertThat(candidates(imports, "pkg.util")).containsExactly("py:pkg.util", "path:pkg/sub/pkg/util.py",
        "path:pkg/sub/pkg/util/__init__.py");
  }

  @Test
  void fromImportTriesEachNameAsASubmoduleThenTheModule() {
    FileImports imports = extract("from pkg import util as u\n");

    assertThat(candidates(imports, "pkg")).containsExactly("py:pkg.util", "path:pkg/sub/pkg/util.py",
        "path:pkg/sub/pkg/util/__init__.py", "py:pkg", "path:pkg/sub/pkg.py", "path:pkg/sub/pkg/__init__.py");
    assertThat(candidates(extract("from pkg import *\n"), "pkg")).containsExactly("py:pkg", "path:pkg/sub/pkg.py",
        "path:pkg/sub/pkg/__init__.py");
  }

  @Test
  void relativeImportsResolveByPathFromThePackage() {
    assertThat(candidates(extract("from . import sibling\n"), ".")).containsExactly("path:pkg/sub/sibling.py",
        "path:pkg/sub/sibling/__init__.py", "path:pkg/sub.py", "path:pkg/sub/__init__.py");
    assertThat(candidates(extract("from ..core import x\n"), "..core")).containsExactly("path:pkg/core/x.py",
        "path:pkg/core/x/__init__.py", "path:pkg/core.py", "path:pkg/core/__init__.py");
    assertThat(candidates(extract("from .... import x\n"), "....")).as("above the root: nothing").isEmpty();
  }

  @Test
  void multiLineFromImportsInParenthesesAndAfterBackslashes() {
    FileImports imports = extract("""
        from pkg.a import (
            one,  # the first
            two as second,
        )
        from pkg.b import three, \\
            four
        x = 1
        """);

    assertThat(imports.imports()).hasSize(4);
    assertThat(specs(imports)).containsExactly("pkg.a", "pkg.a", "pkg.b", "pkg.b");
    assertThat(imports.imports().get(1).candidates().get(0)).isEqualTo("py:pkg.a.two");
    assertThat(imports.imports().get(3).candidates().get(0)).isEqualTo("py:pkg.b.four");
  }

  @Test
  void importsInsideFunctionsAndSeveralStatementsOnALine() {
    FileImports imports = extract("def f():\n    import lazy\n    return lazy\n\nimport os; import sys\n");

    assertThat(specs(imports)).containsExactly("lazy", "os", "sys");
  }

  @Test
  void importsInCommentsAndStringsAreNone() {
    FileImports imports = extract("""
        # import commented
        \"""Module docstring.

        import in_docstring
        from in_docstring import x
        \"""
        s = 'import in_string'
        t = '''
        from in_triple import y
        '''
        u = "#"; import real
        """);

    assertThat(specs(imports)).containsExactly("real");
  }
}
