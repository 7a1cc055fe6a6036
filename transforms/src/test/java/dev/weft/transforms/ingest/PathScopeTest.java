package dev.weft.transforms.ingest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.AlphaChars;
import net.jqwik.api.constraints.StringLength;
import org.junit.jupiter.api.Test;

class PathScopeTest {
  @Test
  void directoryEntriesMatchWholeSegmentsOnly() {
    PathScope scope = new PathScope(List.of("./docs/", "src/Main.java"));

    assertThat(scope.contains("docs/a.md")).isTrue();
    assertThat(scope.contains("docs/sub/b.md")).isTrue();
    assertThat(scope.contains("docsify/a.md")).isFalse();
    assertThat(scope.contains("src/Main.java")).isTrue();
    assertThat(scope.contains("src/Main.javax")).isFalse();
  }

  @Test
  void refusesPathsThatLeaveTheRoot() {
    assertThatThrownBy(() -> new PathScope(List.of("../etc")))
        .hasMessage("--paths entries must be relative to the corpus root, got: ../etc");
    assertThatThrownBy(() -> new PathScope(List.of("/abs")))
        .hasMessage("--paths entries must be relative to the corpus root, got: /abs");
  }

  /** The scope fence: a path under a scoped directory is inside; a sibling that merely shares a prefix is not. */
  @Property
  void fenceHoldsForAnyNames(@ForAll @AlphaChars @StringLength(min = 1, max = 8) String dir,
      @ForAll @AlphaChars @StringLength(min = 1, max = 8) String suffix,
      @ForAll @AlphaChars @StringLength(min = 1, max = 8) String file) {
    PathScope scope = new PathScope(List.of(dir));
    assertThat(scope.contains(dir + "/" + file)).isTrue();
    assertThat(scope.contains(dir + suffix + "/" + file)).isFalse();
    assertThat(PathScope.all().contains(dir + suffix + "/" + file)).isTrue();
  }
}
