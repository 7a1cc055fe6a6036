package dev.weft.transforms.graph;

import static dev.weft.transforms.graph.Imports.candidates;
import static dev.weft.transforms.graph.Imports.specs;
import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.context.graph.FileImports;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The Go import rules, each alone on a tiny file of module {@code example.com/shop} (go.mod in {@code shop/}). */
class GoImportsTest {
  @TempDir Path root;

  @BeforeEach
  void module() throws IOException {
    Files.createDirectories(root.resolve("shop/cart"));
    Files.writeString(root.resolve("shop/go.mod"), "// the module\nmodule example.com/shop\n\ngo 1.22\n");
  }

  private FileImports extract(String text) {
    return new GoImports().extract("shop/cart/cart.go", text, new ProjectFiles(root.toString()));
  }

  @Test
  void singleGroupedAndAliasedImports() {
    FileImports imports = extract("""
        package cart

        import "fmt"
        import p "example.com/shop/pricing"

        import (
            "strings"
            m "example.com/shop/internal/money" // aliased
            . "example.com/shop/dot"
            _ "example.com/shop"
        )
        """);

    assertThat(specs(imports)).containsExactlyInAnyOrder("fmt", "example.com/shop/pricing", "strings",
        "example.com/shop/internal/money", "example.com/shop/dot", "example.com/shop");
  }

  @Test
  void aPathUnderTheModuleIsItsPackageDirectoryAndOthersAreExternal() {
    FileImports imports = extract("package cart\nimport (\n  \"fmt\"\n  \"example.com/shop/pricing\"\n  "
        + "\"example.com/shop\"\n  \"example.com/shopping/x\"\n)\n");

    assertThat(candidates(imports, "example.com/shop/pricing")).containsExactly("dir:shop/pricing");
    assertThat(candidates(imports, "example.com/shop")).containsExactly("dir:shop");
    assertThat(candidates(imports, "fmt")).isEmpty();
    assertThat(candidates(imports, "example.com/shopping/x")).as("a longer module name, not a package of this one")
        .isEmpty();
  }

  @Test
  void withoutAGoModEveryImportIsExternal() {
    FileImports imports = new GoImports().extract("other/main.go", "package main\nimport \"example.com/shop/x\"\n",
        new ProjectFiles(root.toString()));

    assertThat(candidates(imports, "example.com/shop/x")).isEmpty();
  }

  @Test
  void importsInCommentsAndStringsAreNone() {
    FileImports imports = extract("""
        package cart
        // import "line/comment"
        /* import (
            "block/comment"
        ) */
        var s = "import \\"in/string\\""
        var t = `import "in/raw"`
        var u = `
        import (
            "in/raw/block"
        )
        `
        import "real"
        """);

    assertThat(specs(imports)).containsExactly("real");
  }
}
