package dev.weft.transforms.route;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.weft.context.Kind;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class RouterTest {
  private final Router router = Router.defaults();

  @Test
  void routesEveryDefaultExtension() {
    assertThat(router.route("src/A.java")).contains(new Route(Kind.CODE, "java"));
    assertThat(router.route("a/b.py")).contains(new Route(Kind.CODE, "python"));
    assertThat(router.route("x.js")).contains(new Route(Kind.CODE, "javascript"));
    assertThat(router.route("x.mjs")).contains(new Route(Kind.CODE, "javascript"));
    assertThat(router.route("x.cjs")).contains(new Route(Kind.CODE, "javascript"));
    assertThat(router.route("x.ts")).contains(new Route(Kind.CODE, "typescript"));
    assertThat(router.route("cmd/main.go")).contains(new Route(Kind.CODE, "go"));
    assertThat(router.route("README.md")).contains(new Route(Kind.DOC, "markdown"));
    assertThat(router.route("notes.markdown")).contains(new Route(Kind.DOC, "markdown"));
    assertThat(router.route("docs/index.rst")).contains(new Route(Kind.DOC, "rst"));
    assertThat(router.route("LICENSE.txt")).contains(new Route(Kind.DOC, "text"));
    assertThat(router.extensions()).containsExactly(
        ".cjs", ".go", ".java", ".js", ".markdown", ".md", ".mjs", ".py", ".rst", ".ts", ".txt");
  }

  @Test
  void matchesExtensionsCaseInsensitivelyAndOnlyTheLastOne() {
    assertThat(router.route("Docs/README.MD")).contains(new Route(Kind.DOC, "markdown"));
    assertThat(router.route("A.Java")).contains(new Route(Kind.CODE, "java"));
    assertThat(router.route("archive.md.gz")).isEmpty();
    assertThat(router.route("types.d.ts")).contains(new Route(Kind.CODE, "typescript"));
  }

  @Test
  void refusesPathsWithoutAKnownExtension() {
    assertThat(router.route("Makefile")).isEmpty();
    assertThat(router.route("image.png")).isEmpty();
    assertThat(router.route(".gitignore")).isEmpty();
    assertThat(router.route("dir/.md")).isEmpty();
    assertThat(router.route("dir.md/file")).isEmpty();
    assertThat(router.route("trailing.")).isEmpty();
    assertThat(router.route("App.tsx")).isEmpty();
  }

  @Test
  void narrowsToChosenExtensionsWithOrWithoutDot() {
    Router narrowed = router.withExtensions(List.of("java", ".MD", " .py "));
    assertThat(narrowed.extensions()).containsExactly(".java", ".md", ".py");
    assertThat(narrowed.route("A.java")).isPresent();
    assertThat(narrowed.route("A.ts")).isEmpty();
    assertThat(router.route("A.ts")).as("the original is unchanged").isPresent();
  }

  @Test
  void optsIntoKnownButNotDefaultExtensions() {
    Router narrowed = router.withExtensions(List.of(".jsx", ".mts", ".cts", ".pyi"));
    assertThat(narrowed.route("App.jsx")).contains(new Route(Kind.CODE, "javascript"));
    assertThat(narrowed.route("m.mts")).contains(new Route(Kind.CODE, "typescript"));
    assertThat(narrowed.route("c.cts")).contains(new Route(Kind.CODE, "typescript"));
    assertThat(narrowed.route("stub.pyi")).contains(new Route(Kind.CODE, "python"));
  }

  @Test
  void refusesUnknownEmptyAndBlankExtensionsNamingTheValue() {
    assertThatThrownBy(() -> router.withExtensions(List.of(".java", ".xyz")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("extension has no known format: .xyz");
    assertThatThrownBy(() -> router.withExtensions(List.of("tar.gz")))
        .hasMessage("extension has no known format: .tar.gz");
    assertThatThrownBy(() -> router.withExtensions(List.of()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("extensions must not be empty, got: []");
    assertThatThrownBy(() -> router.withExtensions(List.of(" ")))
        .hasMessage("extension must not be blank, got: ' '");
  }

  @Test
  void survivesJavaSerialization() throws Exception {
    Router narrowed = router.withExtensions(List.of("md"));
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
      out.writeObject(narrowed);
    }
    try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
      Router copy = (Router) in.readObject();
      assertThat(copy).isEqualTo(narrowed);
      assertThat(copy.route("a.md")).isEqualTo(Optional.of(new Route(Kind.DOC, "markdown")));
    }
  }
}
